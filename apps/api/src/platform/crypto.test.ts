import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { purposeKey } from './crypto';
import { signedFileUrl, verifyFileSignature } from './files';
import { requestHash } from './idempotency';

/* One key per purpose, derived from APP_SECRET: what one signer makes, no other verifier accepts. */

const SECRET = 'test-secret-test-secret-test-secret-0000';
const FILE = '0190f3a0-0000-7000-8000-000000000001';

describe('purposeKey', () => {
  it('is stable for a purpose and differs between purposes and secrets', () => {
    const file = purposeKey(SECRET, 'file-url');
    expect(file).toHaveLength(32);
    expect(purposeKey(SECRET, 'file-url').equals(file)).toBe(true);
    for (const other of ['idempotency', 'sso-state', 'known-device'] as const) expect(purposeKey(SECRET, other).equals(file)).toBe(false);
    expect(purposeKey(`${SECRET}x`, 'file-url').equals(file)).toBe(false);
    expect(file.equals(Buffer.from(SECRET))).toBe(false);
  });

  it('signs file URLs with the file key only: a signature made with the bare app secret is refused', () => {
    const url = new URL(signedFileUrl(SECRET, FILE), 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    expect(verifyFileSignature(SECRET, FILE, expires, url.searchParams.get('signature')!)).toBe(true);
    const bare = createHmac('sha256', SECRET).update(`${FILE}.${expires}`).digest('base64url');
    expect(verifyFileSignature(SECRET, FILE, expires, bare)).toBe(false);
  });

  it('keys the idempotency fingerprint, so a guess of the body cannot be confirmed from the table', () => {
    const r = { method: 'POST', path: '/v1/credits/purchases', scope: 'a//e', body: { quantity: 5 } };
    const keyed = requestHash({ ...r, fingerprintKey: purposeKey(SECRET, 'idempotency') });
    const bare = createHash('sha256').update(JSON.stringify(['POST', r.path, r.scope, r.body])).digest('hex');
    expect(keyed).not.toBe(bare);
    expect(requestHash({ ...r, fingerprintKey: purposeKey(SECRET, 'idempotency') })).toBe(keyed);
    expect(requestHash({ ...r, fingerprintKey: purposeKey('another-secret', 'idempotency') })).not.toBe(keyed);
  });
});
