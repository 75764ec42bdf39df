import { useSyncExternalStore } from 'react';
import { impersonationKey, storedSession, tokenKey, type Impersonation } from './stored-session';
import { createStore, writeStored } from './storage';

export type { Impersonation } from './stored-session';

/*
 * The candidate's board session. A candidate's own token is kept in localStorage per board host (it survives a
 * reload and other tabs of the board share it). A staff member acting as a candidate gets a token that must live
 * only in the tab the portal opened: it is kept in sessionStorage and, while present and unexpired, wins.
 */

export interface SessionState {
  token: string | null;
  impersonation: Impersonation | null;
  /** Changes on every sign-in and sign-out: part of the query key of candidate data, so one never sees another's. */
  generation: number;
}

function load(generation = 0): SessionState {
  return { ...storedSession(), generation };
}

const store = createStore<SessionState>(load());

function reload() {
  store.set(load(store.get().generation + 1));
}

// Signing in or out in another tab of the board changes this tab too (only the localStorage token is shared).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.endsWith(tokenKey())) {
      const next = load(store.get().generation);
      if (next.token !== store.get().token) reload();
    }
  });
}

export const session = {
  get: store.get,
  subscribe: store.subscribe,
  /** A candidate signed in (sign-in, email confirmation, password reset). */
  signIn(token: string) {
    writeStored('local', tokenKey(), token);
    reload();
  },
  /** A staff member's borrowed token for this tab only. */
  startImpersonation(imp: Impersonation) {
    writeStored('session', impersonationKey(), imp);
    reload();
  },
  /** Sign-out and 401: forget the token in use (while impersonating, only the borrowed one). */
  clear() {
    if (store.get().impersonation) writeStored('session', impersonationKey(), null);
    else writeStored('local', tokenKey(), null);
    reload();
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/**
 * The `#token=…&expires=…&by=…` fragment the portal opens the board with when staff act as a candidate; null when
 * it is incomplete or already expired.
 */
export function parseImpersonationFragment(hash: string, now = Date.now()): Impersonation | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  const expires = params.get('expires');
  if (!token || !expires) return null;
  // `expires` may be ISO 8601 or seconds since the epoch.
  const end = /^\d+$/.test(expires) ? Number(expires) * (expires.length > 11 ? 1 : 1000) : Date.parse(expires);
  if (!Number.isFinite(end) || end <= now) return null;
  return { token, expiresAt: new Date(end).toISOString(), by: params.get('by') || null };
}
