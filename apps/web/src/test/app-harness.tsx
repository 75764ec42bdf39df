import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { expect, vi } from 'vitest';
import './i18n';
import { AbilityBridge, AppProviders } from '../app/providers';
import { loadScopePath } from '../app/root-route';
import { createAppRouter } from '../app/router';
import { loadSearchSchemas } from '../app/routes/signed-in-search';
import { loadAbility } from '../lib/ability-loader';
import { connectSessionEnds } from '../app/session-ends';
import { currentUserQuery, type CurrentUser } from '../lib/current-user';
import { queryClient } from '../lib/query-client';
import { session, type Scope } from '../lib/session';
import { waitFor } from './wait';

/*
 * Component tests render the whole app (providers, router, lazy pages) the way a user meets it, signed in as a
 * given user with a given selection; the API is a faked fetch. One harness, so every test starts and ends the same.
 */

// Lazy chunks and transitions: tests wait for the DOM rather than wrapping in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** A JSON answer of the faked API. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let root: Root | undefined;
let host: HTMLElement | undefined;
let disconnect: (() => void) | undefined;

export interface MountOptions {
  /** Signed in as this user (anonymous without). */
  user?: CurrentUser;
  scope?: Scope;
  /** Resolves once the page shows what the test needs (default: a `main h1`). */
  ready?: string;
  timeout?: number;
}

/** Signs `user` in with `scope` selected and opens `path`; returns the router to inspect the location. */
export async function mountApp(path: string, opts: MountOptions = {}) {
  // As app/init.ts does for a signed-in start: the signed-in pages' search schemas are in before the first match,
  // and the permission checks before a user is set (as the user's query waits for them).
  await Promise.all([loadSearchSchemas(), loadAbility(), loadScopePath()]);
  if (opts.user) {
    if (!session.get().token) session.setToken('t0ken');
    if (opts.scope) session.setScope(opts.scope);
    queryClient.setQueryData(currentUserQuery.queryKey, opts.user);
  }
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  // As in the app: a 401 goes to login, or back to the staff session while impersonating.
  disconnect = connectSessionEnds(router);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(
    <AppProviders>
      <AbilityBridge>
        <RouterProvider router={router} />
      </AbilityBridge>
    </AppProviders>,
  );
  const ready = opts.ready ?? 'main h1';
  await waitFor(() => expect(document.querySelector(ready)).not.toBeNull(), { timeout: opts.timeout });
  return router;
}

/** Unmounts, signs out, forgets cached server state and the faked fetch. Call in afterEach. */
export function unmountApp() {
  disconnect?.();
  disconnect = undefined;
  root?.unmount();
  host?.remove();
  root = undefined;
  host = undefined;
  session.clear();
  queryClient.clear();
  vi.unstubAllGlobals();
}

/** Types (or picks, in a native select) like a user: through the native setter, so React sees the change. */
export function type(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, text: string) {
  field.focus();
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The control a visible label names (MUI adds " *" to required labels). */
export function labelled(label: string): HTMLElement | null {
  const el = [...document.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  return el?.htmlFor ? document.getElementById(el.htmlFor) : null;
}
