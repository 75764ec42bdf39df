import { notifications } from '../schema/notifications';
import { auditLogs } from '../schema/platform';
import { between, DAY, insertMany, type SeedContext } from './context';
import type { SeedApplication } from './applications';
import type { SeedEmployer } from './employers';
import type { SeedJob } from './jobs';
import type { SeedPeople, SeedUser } from './people';
import type { SeedAccount, SeedSite } from './tenancy';

interface Notice {
  at: Date;
  site: SeedSite | null;
  accountId: string | null;
  event: string;
  subject: string;
  content: string;
  link: string;
}

const PER_USER = 10;

const base = (s: SeedSite) => `/${s.accountSlug}/${s.slug}`;

/** What a user would have been told about, drawn from the demo's own jobs, applications and employers. */
function noticesFor(
  user: SeedUser,
  accounts: SeedAccount[],
  jobs: SeedJob[],
  apps: SeedApplication[],
  employers: SeedEmployer[],
): Notice[] {
  const inScope = (site: SeedSite) =>
    user.level === 'enterprise' ||
    (user.level === 'account' ? site.accountId === user.accountId : site.id === user.site?.id);
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const mine = (jobId: string) => user.level !== 'employer' || jobById.get(jobId)!.employer.id === user.employerId;
  const out: Notice[] = [];

  for (const a of apps) {
    if (!inScope(a.site) || !mine(a.jobId)) continue;
    const link = `${base(a.site)}/applications/${a.id}/overview`;
    out.push({
      at: a.createdAt,
      site: a.site,
      accountId: a.site.accountId,
      event: 'application.created',
      subject: `New application for ${a.jobTitle}`,
      content: `${a.candidateName} applied for ${a.jobTitle}.`,
      link,
    });
    if (a.status === 'withdrawn')
      out.push({
        at: a.createdAt,
        site: a.site,
        accountId: a.site.accountId,
        event: 'application.withdrawn',
        subject: `${a.candidateName} withdrew an application`,
        content: `${a.candidateName} withdrew from ${a.jobTitle}.`,
        link,
      });
  }
  for (const j of jobs) {
    if (!inScope(j.site) || !mine(j.id)) continue;
    const at = j.postedAt ?? j.createdAt;
    if (j.status === 'pending' && user.level !== 'employer')
      out.push({
        at,
        site: j.site,
        accountId: j.accountId,
        event: 'job.pending',
        subject: `Job awaiting approval: ${j.title}`,
        content: `${j.employer.name} posted “${j.title}”; it is on hold until approved.`,
        link: `${base(j.site)}/jobs/hold`,
      });
    if (j.status === 'expired' && j.openUntil)
      out.push({
        at: j.openUntil,
        site: j.site,
        accountId: j.accountId,
        event: 'job.expired',
        subject: `Advert expired: ${j.title}`,
        content: `The advert for “${j.title}” has ended and no longer takes applications.`,
        link: `${base(j.site)}/jobs/${j.id}`,
      });
    if (j.status === 'rejected' && j.rejectedAt)
      out.push({
        at: j.rejectedAt,
        site: j.site,
        accountId: j.accountId,
        event: 'job.rejected',
        subject: `Job rejected: ${j.title}`,
        content: `“${j.title}” was rejected and its credit refunded.`,
        link: `${base(j.site)}/jobs/${j.id}`,
      });
  }
  if (user.level !== 'employer') {
    for (const e of employers) {
      if (e.status === 'pending' && inScope(e.site))
        out.push({
          at: e.createdAt,
          site: e.site,
          accountId: e.accountId,
          event: 'employer.registered',
          subject: `New employer registration: ${e.name}`,
          content: `${e.contactName} registered ${e.name}; the registration is on hold for review.`,
          link: `${base(e.site)}/employers/hold`,
        });
    }
  }
  if (user.level === 'enterprise') {
    for (const a of accounts)
      out.push({
        at: a.createdAt,
        site: null,
        accountId: a.id,
        event: 'account.created',
        subject: `Account created: ${a.name}`,
        content: `${a.name} was created with ${a.sites.length} sites.`,
        link: `/enterprise/accounts/${a.id}`,
      });
  }
  return out;
}

export async function seedNotifications(
  ctx: SeedContext,
  enterpriseId: string,
  accounts: SeedAccount[],
  people: SeedPeople,
  jobs: SeedJob[],
  apps: SeedApplication[],
  employers: SeedEmployer[],
): Promise<void> {
  const { rng } = ctx;
  const rows: (typeof notifications.$inferInsert)[] = [];
  const audits: (typeof auditLogs.$inferInsert)[] = [];
  for (const user of people.users) {
    const all = noticesFor(user, accounts, jobs, apps, employers).sort((a, b) => b.at.getTime() - a.at.getTime());
    // The newest few and a random handful of older ones, so the inbox spans weeks, not one afternoon.
    const picked = [...all.slice(0, 4), ...rng.sample(all.slice(4), PER_USER - 4)];
    for (const n of picked) {
      const ageDays = (ctx.now.getTime() - n.at.getTime()) / DAY;
      const read = rng.chance(ageDays > 3 ? 0.8 : 0.3);
      rows.push({
        id: rng.uuidAt(n.at),
        accountId: n.accountId,
        siteId: n.site?.id ?? null,
        userId: user.id,
        event: n.event,
        subject: n.subject,
        content: n.content,
        link: n.link,
        notifiedAt: n.at,
        readAt: read ? between(ctx, n.at, ctx.now) : null,
        createdAt: n.at,
      });
    }
  }
  const admin = people.users.find((u) => u.level === 'enterprise');
  for (const a of accounts) {
    audits.push({
      id: rng.uuidAt(a.createdAt),
      enterpriseId,
      accountId: a.id,
      actorUserId: admin?.id ?? null,
      action: 'account.create',
      subjectType: 'account',
      subjectId: a.id,
      data: { name: a.name, slug: a.slug },
      createdAt: a.createdAt,
    });
  }
  await insertMany(ctx.tx, notifications, rows);
  await insertMany(ctx.tx, auditLogs, audits);
}
