import { forgetCandidateData } from './query-client';
import { session } from './session';

/** Where to go after signing in: only a path of this board (never `//evil.example` or an absolute URL). */
export function safeNext(next: string | null | undefined, fallback = '/me/applications'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

/** A candidate signed in: keep the token and drop anything cached for the previous visitor. */
export function signIn(token: string) {
  forgetCandidateData();
  session.signIn(token);
}

/** Forget the token in use and every candidate answer cached. */
export function signOutLocally() {
  session.clear();
  forgetCandidateData();
}
