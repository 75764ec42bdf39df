import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { getMail, health, healthLive, healthReady, listMail, readinessChecks } from '@hireline/contract/system';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { parseMailbox } from '../../platform/mail';
import { buildInfo } from '../../platform/build-info';
import { route } from '../../platform/route';
import type { Membership } from '../../platform/scope';
import { redactCredentialLinks } from './mail-redaction';
import { readinessOf } from './readiness';
import { findMail, listMailFor } from './system.repo';

/** Who may read which stored mail: enterprise staff all of it, account admins their account's, everyone their own. */
export function mailReach(ms: Membership[], email: string) {
  return {
    all: ms.some((m) => m.scopeType === 'enterprise'),
    accountIds: ms.filter((m) => m.scopeType === 'account').map((m) => m.accountId!),
    email,
  };
}

/** Only enterprise staff, signed in as themselves, read credential links whole; everyone else reads them hidden. */
const readsCredentials = (reach: { all: boolean }, impersonating: boolean) => reach.all && !impersonating;

export function systemRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, health, async () => {
    await deps.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: deps.database.kind === 'pglite' ? ('pglite' as const) : ('postgres' as const) };
  });

  // Probes for an orchestrator: live says the process answers (restart it if not), ready says it can serve (route
  // traffic to it only then). Neither needs an enterprise, and neither tells more than which check failed.
  const build = buildInfo(deps.config.gitCommit);
  route(app, deps, healthLive, async () => ({ status: 'live' as const, ...build }));

  route(app, deps, healthReady, async ({ reply }) => {
    const checks = await readinessOf(deps.db, deps.storage);
    const failing = readinessChecks.filter((c) => checks[c] !== 'ok');
    if (failing.length > 0) reply.code(503);
    return { status: failing.length ? ('unready' as const) : ('ready' as const), ...build, checks, failing };
  });

  // The mail viewer exists only while mail is not really delivered: with SMTP it would expose reset links.
  const viewerOnly = () => {
    if (deps.mailer.transport.kind !== 'viewer') throw notFound();
  };

  route(app, deps, listMail, async ({ auth, memberships, query }) => {
    viewerOnly();
    return listMailFor(deps.db, mailReach(memberships, auth.user.email), parseMailbox(deps.config.mailFrom), query.page, query.per_page, query.q);
  });

  route(app, deps, getMail, async ({ auth, memberships, params }) => {
    viewerOnly();
    const reach = mailReach(memberships, auth.user.email);
    const mail = await findMail(deps.db, params.id, reach, parseMailbox(deps.config.mailFrom));
    if (!mail) throw notFound();
    if (readsCredentials(reach, Boolean(auth.impersonation))) return { ...mail, links_hidden: false };
    return { ...mail, html: redactCredentialLinks(mail.html), text: redactCredentialLinks(mail.text), links_hidden: true };
  });
}
