import { describe, expect, it } from 'vitest';
import { originOn } from './links';

describe('originOn', () => {
  it('puts the tenant domain on the deployment scheme and port', () => {
    expect(originOn('http://localhost:3000', 'jobs.globex.localhost')).toBe('http://jobs.globex.localhost:3000');
    expect(originOn('https://app.example.com', 'careers.acme.com')).toBe('https://careers.acme.com');
  });

  it('falls back to APP_URL when the tenant has no domain', () => {
    expect(originOn('https://app.example.com', null)).toBe('https://app.example.com');
  });
});
