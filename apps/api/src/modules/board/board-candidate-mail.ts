import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { sha256 } from '../../platform/crypto';
import { composeMail, portalLocaleOf } from '../../platform/notify/compose';
import type { Board } from './board-host.service';

/*
 * The account emails a candidate gets from a board, branded as its site and linking to the site's board domain
 * (links.ts), in the site's default language: the product keeps no language of a candidate's own. Queued in the
 * caller's transaction, so a link exists exactly when its token does.
 */

interface Recipient {
  name: string;
  email: string;
}

type Kind = 'seeker.verify_email' | 'seeker.already_registered' | 'seeker.password_reset' | 'application.received';

const TEN_MINUTES = 10 * 60_000;

async function send(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient, kind: Kind, dedupeKey: string, path: string, vars: Record<string, string> = {}) {
  const mail = await composeMail(deps, tx, {
    kind,
    accountId: board.site.accountId,
    siteId: board.site.id,
    audience: 'board',
    to: { email: to.email, name: to.name, locale: portalLocaleOf(board.site.locale) },
    vars,
    action: path,
    dedupeKey,
  });
  await deps.mailer.queue(tx, mail);
}

const withToken = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

export function mailVerifyLink(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient, token: string) {
  return send(deps, tx, board, to, 'seeker.verify_email', `seeker.verify_email:${sha256(token)}`, withToken('/verify', token));
}

export function mailResetLink(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient, token: string) {
  return send(deps, tx, board, to, 'seeker.password_reset', `seeker.password_reset:${sha256(token)}`, withToken('/reset-password', token));
}

/** At most one per candidate every ten minutes, however often someone registers their address. */
export function mailAlreadyRegistered(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient & { id: string }, now = Date.now()) {
  const window = Math.floor(now / TEN_MINUTES);
  return send(deps, tx, board, to, 'seeker.already_registered', `seeker.already_registered:${to.id}:${window}`, '/sign-in');
}

/** The candidate's receipt for an application, once per application; the button opens their applications. */
export function mailApplicationReceived(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient, app: { id: string; jobTitle: string; employerName: string }) {
  const vars = { job_title: app.jobTitle, employer_name: app.employerName };
  return send(deps, tx, board, to, 'application.received', `application.received:${app.id}`, `/me/applications#application-${app.id}`, vars);
}
