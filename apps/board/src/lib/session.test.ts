// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { parseImpersonationFragment, session } from './session';

const NOW = Date.parse('2025-05-01T10:00:00.000Z');

afterEach(() => {
  session.clear();
  session.clear();
  localStorage.clear();
  sessionStorage.clear();
});

describe('candidate session', () => {
  it('reads the portal\'s impersonation link and refuses an incomplete or expired one', () => {
    expect(parseImpersonationFragment('#token=abc&expires=2025-05-01T10:30:00.000Z&by=Sam%20Staff', NOW)).toEqual({
      token: 'abc',
      expiresAt: '2025-05-01T10:30:00.000Z',
      by: 'Sam Staff',
    });
    // Seconds since the epoch work too.
    expect(parseImpersonationFragment(`token=abc&expires=${NOW / 1000 + 60}`, NOW)?.expiresAt).toBe('2025-05-01T10:01:00.000Z');
    expect(parseImpersonationFragment('#token=abc', NOW)).toBeNull();
    expect(parseImpersonationFragment('#expires=2025-05-01T10:30:00.000Z', NOW)).toBeNull();
    expect(parseImpersonationFragment('#token=abc&expires=2025-05-01T09:59:00.000Z', NOW)).toBeNull();
  });

  it('keeps a candidate\'s own token per board host in localStorage', () => {
    session.signIn('own');
    expect(session.get().token).toBe('own');
    expect(Object.values({ ...localStorage })).toContain(JSON.stringify('own'));
    session.clear();
    expect(session.get().token).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('keeps a staff member\'s borrowed token in this tab only, and it wins while it lasts', () => {
    session.signIn('own');
    const before = session.get().generation;
    session.startImpersonation({ token: 'borrowed', expiresAt: new Date(Date.now() + 60_000).toISOString(), by: 'Sam' });
    expect(session.get().token).toBe('borrowed');
    expect(session.get().generation).toBeGreaterThan(before);
    expect(Object.values({ ...sessionStorage }).join()).toContain('borrowed');
    expect(Object.values({ ...localStorage }).join()).not.toContain('borrowed');
    // Stopping ends only the borrowed session.
    session.clear();
    expect(session.get().impersonation).toBeNull();
    expect(session.get().token).toBe('own');
  });
});
