import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { sha256 } from '../../platform/crypto';
import { renderSimpleEmail } from '../../platform/email-layout';
import { siteBrand } from '../../platform/site-brand';
import type { Board } from './board-host.service';

/*
 * The account emails a candidate gets from a board, branded as its site and linking back to the board they used.
 * Queued in the caller's transaction, so a link exists exactly when its token does.
 */

interface Recipient {
  name: string;
  email: string;
}

type Kind = 'verify' | 'registered' | 'reset';

const TEN_MINUTES = 10 * 60_000;

async function send(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient, kind: Kind, dedupeKey: string, url: string) {
  const brand = await siteBrand(tx, { accountId: board.site.accountId, siteId: board.site.id });
  const site = brand.name;
  const content: Record<Kind, { subject: string; paragraphs: string[]; label: string; event: string }> = {
    verify: {
      subject: `Confirm your email address for ${site}`,
      paragraphs: [
        `Hello ${to.name},`,
        `Please confirm your email address to finish setting up your account on ${site}.`,
        'The link works once and expires in 24 hours.',
        'If you did not register, you can ignore this email.',
      ],
      label: 'Confirm my email address',
      event: 'seeker.verify_email',
    },
    registered: {
      subject: `You already have an account on ${site}`,
      paragraphs: [
        `Hello ${to.name},`,
        `Someone, probably you, tried to register on ${site} with this email address, but you already have an account.`,
        'Sign in with your password, or choose “Forgot password” on the sign-in page to set a new one.',
        'If it was not you, you can ignore this email: nothing has changed.',
      ],
      label: 'Sign in',
      event: 'seeker.already_registered',
    },
    reset: {
      subject: `Reset your password for ${site}`,
      paragraphs: [
        `Hello ${to.name},`,
        `Someone asked to reset the password of your account on ${site}. If it was you, use the button below.`,
        'The link works once and expires in 60 minutes.',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
      ],
      label: 'Choose a new password',
      event: 'seeker.password_reset',
    },
  };
  const c = content[kind];
  const action = { label: c.label, url };
  const { html, text } = renderSimpleEmail({ brand: site, color: brand.color, heading: c.subject, paragraphs: c.paragraphs, action });
  await deps.mailer.queue(tx, {
    to: to.email,
    toName: to.name,
    subject: c.subject,
    html,
    text,
    event: c.event,
    dedupeKey,
    accountId: board.site.accountId,
    siteId: board.site.id,
    locale: board.site.locale ?? 'en',
  });
}

const link = (board: Board, path: string, token: string) => `${board.origin}${path}?token=${encodeURIComponent(token)}`;

export function mailVerifyLink(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient, token: string) {
  return send(deps, tx, board, to, 'verify', `seeker.verify_email:${sha256(token)}`, link(board, '/verify', token));
}

export function mailResetLink(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient, token: string) {
  return send(deps, tx, board, to, 'reset', `seeker.password_reset:${sha256(token)}`, link(board, '/reset-password', token));
}

/** At most one per candidate every ten minutes, however often someone registers their address. */
export function mailAlreadyRegistered(deps: AppDeps, tx: DbOrTx, board: Board, to: Recipient & { id: string }, now = Date.now()) {
  const window = Math.floor(now / TEN_MINUTES);
  return send(deps, tx, board, to, 'registered', `seeker.already_registered:${to.id}:${window}`, `${board.origin}/sign-in`);
}
