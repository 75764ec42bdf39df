import { describe, expect, it } from 'vitest';
import { formatRelativeTime, portalPath } from './notifications';

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('speaks in the largest whole unit', () => {
    expect(formatRelativeTime(ago(10_000), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(5 * 60_000), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(15 * 86_400_000), 'en', now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(3 * 86_400_000), 'fr', now)).toBe('il y a 3 jours');
  });

  it('returns anything unparseable as it is', () => {
    expect(formatRelativeTime('soon', 'en', now)).toBe('soon');
  });
});

describe('portalPath', () => {
  it('keeps paths inside the portal and refuses everything else', () => {
    expect(portalPath('/acme/jobs/applications/1/overview')).toBe('/acme/jobs/applications/1/overview');
    for (const link of [null, '', 'https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 'acme/jobs'])
      expect(portalPath(link)).toBeNull();
  });
});
