import { z } from 'zod';
import { endpoint } from './endpoint';
import { paginated, listQuery, timestamp, uuid } from './common';

export const health = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database check',
  tags: ['system'],
  access: { public: true },
  withoutEnterprise: true,
  response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
});

/** What every probe answers: the build it is, so a rollout can be watched replica by replica. */
const build = {
  /** The product's version (the repository's package.json). */
  version: z.string(),
  /** The commit the build was made from; null when the build did not know it. */
  commit: z.string().nullable(),
};

export const healthLive = endpoint({
  method: 'GET',
  path: '/health/live',
  summary: 'Liveness: the process answers (no database call)',
  tags: ['system'],
  access: { public: true },
  withoutEnterprise: true,
  response: z.object({ status: z.literal('live'), ...build }),
});

export const readinessChecks = ['database', 'migrations', 'storage'] as const;
const checkState = z.enum(['ok', 'failing']);
export const readiness = z.object({
  status: z.enum(['ready', 'unready']),
  ...build,
  checks: z.object({ database: checkState, migrations: checkState, storage: checkState }),
  /** The checks that failed, named; empty when ready. */
  failing: z.array(z.enum(readinessChecks)),
});

/** Readiness: 200 when the database answers, every bundled migration is applied and storage is reachable; else 503. */
export const healthReady = endpoint({
  method: 'GET',
  path: '/health/ready',
  summary: 'Readiness: database, migrations and storage (503 naming the failing check)',
  tags: ['system'],
  access: { public: true },
  withoutEnterprise: true,
  response: readiness,
  unavailable: readiness,
});

export const mailMessage = z.object({
  id: uuid,
  to: z.string(),
  /** The From the email went (or goes) out with: `Name <address>`, named after its site or account. */
  from: z.string(),
  /** Null: no Reply-To, replies go to the From address. */
  reply_to: z.string().nullable(),
  subject: z.string(),
  event: z.string(),
  status: z.string(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
});

/**
 * The development mail viewer: what would have been emailed, when no SMTP
 * server is configured. Enterprise staff see all; others see mail to themselves.
 */
export const listMail = endpoint({
  method: 'GET',
  path: '/v1/dev/mail',
  summary: 'Development mail viewer: stored outgoing emails',
  tags: ['system'],
  access: { subject: 'portal', action: 'access' },
  query: listQuery,
  response: paginated(mailMessage),
});

export const getMail = endpoint({
  method: 'GET',
  path: '/v1/dev/mail/:id',
  summary: 'Development mail viewer: one email with its HTML and text bodies',
  tags: ['system'],
  access: { subject: 'portal', action: 'access' },
  params: z.object({ id: uuid }),
  response: mailMessage.extend({
    html: z.string(),
    text: z.string(),
    /** Whether links that sign someone in had their secret hidden for this reader (everyone but enterprise staff). */
    links_hidden: z.boolean(),
  }),
});
