// @vitest-environment happy-dom
import { createBrowserHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, fakeApi, mountBoard, text, unmountBoard } from '../test/app-harness';
import { json, waitFor } from '../test/dom';
import { session } from '../lib/session';
import { minutesLeft } from './ImpersonationBanner';

const profile = {
  id: '00000000-0000-4000-8000-000000000801',
  profile_id: 'C-1',
  name: 'Dana Candidate',
  email: 'dana@example.com',
  phone: null,
  location: null,
  visa_type: null,
  desired_work_type: null,
  resume: null,
  documents: [],
  options: { visa_types: [], work_types: [] },
  impersonating: { by: { name: 'Sam Staff' }, reason: 'Ticket 42', expires_at: new Date(Date.now() + 25 * 60_000).toISOString() },
};

afterEach(() => {
  unmountBoard();
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
  window.history.replaceState(null, '', '/');
});

describe('acting as a candidate', () => {
  it('counts whole minutes left', () => {
    expect(minutesLeft('2025-01-01T10:10:00Z', Date.parse('2025-01-01T10:00:01Z'))).toBe(10);
    expect(minutesLeft('2025-01-01T10:00:00Z', Date.parse('2025-01-01T10:05:00Z'))).toBe(0);
  });

  it('takes the token from the link into this tab only, wipes the link and names everyone on every page', async () => {
    const api = fakeApi({
      'GET /portal/v1/board/candidates/me': () => json(200, profile),
      'GET /portal/v1/board/candidates/me/applications': () => json(200, { data: [], meta: { page: 1, per_page: 20, total: 0 } }),
      'DELETE /portal/v1/board/candidates/session': () => new Response(null, { status: 204 }),
    });
    const expires = new Date(Date.now() + 30 * 60_000).toISOString();
    window.history.replaceState(null, '', `/impersonate#token=borrowed&expires=${encodeURIComponent(expires)}&by=Sam%20Staff`);
    const router = await mountBoard('/impersonate', { history: createBrowserHistory(), ready: 'main h1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/me/applications'));
    expect(window.location.hash).toBe('');
    expect(session.get().token).toBe('borrowed');
    expect(localStorage.length).toBe(0);
    await waitFor(() => expect(text()).toContain('You are acting as Dana Candidate (staff: Sam Staff) — Ticket 42, 25 minutes left'));
    expect(new Headers(calls(api, 'GET', '/portal/v1/board/candidates/me')[0]!.init.headers).get('Authorization')).toBe('Bearer borrowed');

    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    Object.defineProperty(window, 'opener', { value: {}, configurable: true });
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Stop')!.click();
    await waitFor(() => expect(session.get().token).toBeNull());
    // Opened by the portal (window.open): the tab closes itself.
    expect(close).toHaveBeenCalled();
    expect(calls(api, 'DELETE', '/portal/v1/board/candidates/session')).toHaveLength(1);
    await waitFor(() => expect(text()).toContain('You can close this tab.'));
    expect(session.get().token).toBeNull();
    expect(text()).not.toContain('You are acting as');
  });

  it('hides "Delete my account" while acting as the candidate', async () => {
    fakeApi({ 'GET /portal/v1/board/candidates/me': () => json(200, profile) });
    session.startImpersonation({ token: 'borrowed', expiresAt: new Date(Date.now() + 60_000).toISOString(), by: 'Sam Staff' });
    await mountBoard('/me/profile', { ready: 'main h1' });
    await waitFor(() => expect(text()).toContain('Download my data'));
    expect(text()).not.toContain('Delete my account');
  });
});
