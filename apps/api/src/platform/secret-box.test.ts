import { describe, expect, it } from 'vitest';
import { seal, unseal } from './secret-box';

const SECRET = 'test-secret-test-secret-test-secret-0000';

describe('secret box', () => {
  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = seal(SECRET, 'mfa-totp', 'JBSWY3DPEHPK3PXP');
    const b = seal(SECRET, 'mfa-totp', 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(SECRET, 'mfa-totp', a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another purpose, another secret, an altered value and garbage', () => {
    const sealed = seal(SECRET, 'mfa-totp', 'JBSWY3DPEHPK3PXP');
    expect(unseal(SECRET, 'sso-state', sealed)).toBeNull();
    expect(unseal(`${SECRET}x`, 'mfa-totp', sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(unseal(SECRET, 'mfa-totp', [v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(unseal(SECRET, 'mfa-totp', 'not sealed')).toBeNull();
    expect(unseal(SECRET, 'mfa-totp', 'v1.a.b.c')).toBeNull();
  });
});
