import { boardHostname } from './board-host';
import { readStored } from './storage';

/*
 * Where the candidate's board session is kept, and reading it. Kept apart from session.ts (React's store of it) so
 * the board's small first script can tell whether a visitor is signed in without loading React.
 */

export interface Impersonation {
  token: string;
  expiresAt: string;
  /** The staff member's name as the portal put it in the link (the profile answer names them too). */
  by: string | null;
}

export const tokenKey = () => `token:${boardHostname()}`;
export const impersonationKey = () => `impersonation:${boardHostname()}`;

const asString = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function parseImpersonation(raw: unknown): Impersonation | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const token = asString(r.token);
  const expiresAt = asString(r.expiresAt);
  if (!token || !expiresAt) return null;
  return { token, expiresAt, by: asString(r.by) };
}

function live(imp: Impersonation | null, now = Date.now()): Impersonation | null {
  if (!imp) return null;
  const end = Date.parse(imp.expiresAt);
  return Number.isFinite(end) && end <= now ? null : imp;
}

/** The token in use (a live impersonation wins over the candidate's own) and the impersonation, as stored now. */
export function storedSession(): { token: string | null; impersonation: Impersonation | null } {
  const impersonation = live(readStored('session', impersonationKey(), parseImpersonation));
  const own = readStored('local', tokenKey(), asString);
  return { token: impersonation?.token ?? own, impersonation };
}
