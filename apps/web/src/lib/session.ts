import { useSyncExternalStore } from 'react';
import { createStore, readStored, STORAGE_PREFIX, writeStored } from './storage';

/** The selected account, site and employer; sent as X-AF-AID / X-AF-SID / X-AF-EMPID when set. */
export interface Scope {
  accountId: string | null;
  siteId: string | null;
  employerId: string | null;
}

/** The staff session kept while impersonating (spec §1), and where to return to when it ends (spec §4). */
export interface ParentSession {
  token: string;
  scope: Scope;
  redirect: string;
}

export interface SessionState {
  token: string | null;
  scope: Scope;
  parent: ParentSession | null;
}

export const emptyScope: Scope = { accountId: null, siteId: null, employerId: null };

const TOKEN_KEY = 'token';
const SCOPE_KEY = 'scope';
const PARENT_KEY = 'parent';

const asString = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
function parseScope(raw: unknown): Scope | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return { accountId: asString(r.accountId), siteId: asString(r.siteId), employerId: asString(r.employerId) };
}

function parseParent(raw: unknown): ParentSession | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const token = asString(r.token);
  const redirect = asString(r.redirect);
  return token && redirect ? { token, redirect, scope: parseScope(r.scope) ?? emptyScope } : null;
}

function load(): SessionState {
  return {
    token: readStored(TOKEN_KEY, asString),
    scope: readStored(SCOPE_KEY, parseScope) ?? emptyScope,
    parent: readStored(PARENT_KEY, parseParent),
  };
}

const store = createStore<SessionState>(load());

function commit(next: SessionState) {
  writeStored(TOKEN_KEY, next.token);
  writeStored(SCOPE_KEY, next.scope === emptyScope ? null : next.scope);
  writeStored(PARENT_KEY, next.parent);
  store.set(next);
}

export const session = {
  get: store.get,
  subscribe: store.subscribe,
  setToken(token: string) {
    commit({ ...store.get(), token });
  },
  setScope(scope: Scope) {
    const current = store.get().scope;
    if (current.accountId === scope.accountId && current.siteId === scope.siteId && current.employerId === scope.employerId)
      return;
    commit({ ...store.get(), scope });
  },
  /** Sign-out and 401: forget the token, the selection and any kept staff session so the next user starts clean. */
  clear() {
    commit({ token: null, scope: emptyScope, parent: null });
  },
  /** Acting as someone else: the current session is kept, untouched, to return to at `redirect`. */
  startImpersonation(token: string, redirect: string) {
    const current = store.get();
    if (!current.token) throw new Error('Impersonation needs a signed-in session.');
    commit({ token, scope: emptyScope, parent: { token: current.token, scope: current.scope, redirect } });
  },
  /** Back to the kept staff session; returns it (with its redirect), or null when not impersonating. */
  endImpersonation(): ParentSession | null {
    const { parent } = store.get();
    if (!parent) return null;
    commit({ token: parent.token, scope: parent.scope, parent: null });
    return parent;
  },
  /** Re-read storage (tests; another tab signing out). */
  reload() {
    store.set(load());
  },
};

// Signing out in one tab signs out the others instead of leaving them on a dead token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key.startsWith(STORAGE_PREFIX)) session.reload();
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** A stable string for the selected scope, used in query keys so each scope has its own cache. */
export function scopeKey(scope: Scope): string {
  return [scope.accountId ?? '', scope.siteId ?? '', scope.employerId ?? ''].join('/');
}
