import type { JobStatus } from '@hireline/contract/enums';
import { jobs, jobStatusHistory } from '../schema/jobs';
import { addDays, addMinutes, between, daysAgo, HOUR, insertMany, type SeedContext } from './context';
import type { SeedEmployer } from './employers';
import { jobContent } from './job-content';
import type { SeedPeople } from './people';
import type { SeedSite } from './tenancy';

export interface SeedJob {
  id: string;
  accountId: string;
  site: SeedSite;
  employer: SeedEmployer;
  title: string;
  status: JobStatus;
  createdAt: Date;
  /** When the credit was spent (every status but draft). */
  postedAt: Date | null;
  /** When the advert went live and when it stopped taking applications, for jobs that were ever live. */
  openFrom: Date | null;
  openUntil: Date | null;
  rejectedAt: Date | null;
  postedBy: string | null;
}

/** Status mix per site; every status appears on every site so each list and hold view has rows. */
const plans: Record<'primary' | 'secondary', Array<[JobStatus, number]>> = {
  primary: [
    ['live', 20],
    ['draft', 5],
    ['pending', 2],
    ['unlisted', 3],
    ['expired', 8],
    ['rejected', 2],
  ],
  secondary: [
    ['live', 6],
    ['draft', 2],
    ['pending', 3],
    ['unlisted', 1],
    ['expired', 2],
    ['rejected', 1],
  ],
};

const rejectionReasons = [
  'The advert does not include a pay range, which is required on this board.',
  'This role appears to be a duplicate of an existing advert.',
  'Please remove the personal contact details from the description and resubmit.',
];

export async function seedJobs(
  ctx: SeedContext,
  sites: SeedSite[],
  employers: SeedEmployer[],
  people: SeedPeople,
): Promise<SeedJob[]> {
  const { rng } = ctx;
  const out: SeedJob[] = [];
  const rows: (typeof jobs.$inferInsert)[] = [];
  const history: (typeof jobStatusHistory.$inferInsert)[] = [];

  for (const site of sites) {
    const active = employers.filter((e) => e.siteId === site.id && e.status === 'active');
    const staff = people.staffBySite.get(site.id) ?? [];
    const managers = staff.slice(0, 1);
    const consultants = people.consultantsBySite.get(site.id) ?? [];
    const statuses = rng.shuffle(
      plans[site.primary ? 'primary' : 'secondary'].flatMap(([s, n]) => Array<JobStatus>(n).fill(s)),
    );
    const approval = site.settings.job_approval_required;
    let reference = 1000;

    for (const status of statuses) {
      // The first employer (Northwind on Acme Jobs) is the busiest, so its employer login has plenty to see.
      const employer = rng.weighted(active.map((e, i) => [e, i === 0 ? 4 : 1] as const));
      const product = rng.weighted(site.products.map((p, i) => [p, 3 - i] as const));
      const c = jobContent(ctx, employer, site.slug === 'healthcare');
      const poster =
        people.employerUsers.get(employer.id) && rng.chance(0.7)
          ? people.employerUsers.get(employer.id)!
          : staff.length
            ? rng.pick(staff)
            : null;
      const approver = managers[0] ?? poster;
      const d = jobDates(ctx, status, product.durationDays, approval);
      const id = rng.uuidAt(d.createdAt);
      reference += rng.int(1, 9);
      rows.push({
        id,
        accountId: site.accountId,
        siteId: site.id,
        employerId: employer.id,
        consultantId: consultants.length && rng.chance(0.7) ? rng.pick(consultants).id : null,
        productId: status === 'draft' && rng.chance(0.5) ? null : product.id,
        status,
        featured: status !== 'draft' && product.featured,
        title: c.title,
        referenceNumber: `${site.accountSlug.slice(0, 3).toUpperCase()}-${reference}`,
        description: c.description,
        descriptionText: c.descriptionText,
        workType: c.workType,
        payType: c.payType,
        payMinCents: c.payMinCents,
        payMaxCents: c.payMaxCents,
        salaryMinCents: c.salaryMinCents,
        salaryMaxCents: c.salaryMaxCents,
        currency: site.settings.currency,
        classification: c.classification,
        location:
          employer.type === 'household'
            ? rng.pick(site.cities.filter((x) => !x.startsWith('Remote')))
            : rng.pick(site.cities),
        keySellingPoints: c.keySellingPoints,
        links: c.links,
        advertStartAt: d.advertStartAt,
        advertEndAt: d.advertEndAt,
        applyType: c.applyType,
        applicationUrl: c.applicationUrl,
        applicationEmails: c.applicationEmails,
        tags: c.tags,
        postedAt: d.postedAt,
        approvedAt: d.approvedAt,
        rejectedAt: d.rejectedAt,
        rejectionReason: d.rejectedAt ? rng.pick(rejectionReasons) : null,
        expiredAt: d.expiredAt,
        unlistedAt: d.unlistedAt,
        createdByUserId: poster,
        createdAt: d.createdAt,
        updatedAt: d.updatedAt,
      });

      const step = (
        from: JobStatus | null,
        to: JobStatus,
        at: Date,
        actor: string | null,
        reason: string | null = null,
      ) =>
        history.push({
          id: rng.uuidAt(at),
          accountId: site.accountId,
          jobId: id,
          fromStatus: from,
          toStatus: to,
          actorUserId: actor,
          reason,
          createdAt: at,
        });
      step(null, 'draft', d.createdAt, poster);
      if (d.postedAt) {
        const needsApproval = approval || status === 'pending' || status === 'rejected';
        step('draft', needsApproval ? 'pending' : 'live', d.postedAt, poster);
        if (needsApproval && d.approvedAt) step('pending', 'live', d.approvedAt, approver);
        if (d.rejectedAt) step('pending', 'rejected', d.rejectedAt, approver, rows.at(-1)!.rejectionReason!);
        if (d.unlistedAt) step('live', 'unlisted', d.unlistedAt, poster, 'Paused while interviews are under way.');
        if (d.expiredAt)
          step(
            'live',
            'expired',
            d.expiredAt,
            d.manualExpiry ? poster : null,
            d.manualExpiry ? 'Position filled.' : 'Advert period ended.',
          );
      }
      out.push({
        id,
        accountId: site.accountId,
        site,
        employer,
        title: c.title,
        status,
        createdAt: d.createdAt,
        postedAt: d.postedAt,
        openFrom: d.advertStartAt && status !== 'pending' ? d.advertStartAt : null,
        openUntil: status === 'live' ? ctx.now : (d.unlistedAt ?? d.expiredAt ?? null),
        rejectedAt: d.rejectedAt,
        postedBy: poster,
      });
    }
  }
  await insertMany(ctx.tx, jobs, rows);
  await insertMany(ctx.tx, jobStatusHistory, history);
  return out;
}

interface JobDates {
  createdAt: Date;
  updatedAt: Date;
  postedAt: Date | null;
  approvedAt: Date | null;
  rejectedAt: Date | null;
  unlistedAt: Date | null;
  expiredAt: Date | null;
  manualExpiry: boolean;
  advertStartAt: Date | null;
  advertEndAt: Date | null;
}

/** Dates that agree with the status: live adverts end in the future, expired ones in the past, and so on. */
function jobDates(ctx: SeedContext, status: JobStatus, duration: number, approval: boolean): JobDates {
  const { rng } = ctx;
  const d: JobDates = {
    createdAt: ctx.now,
    updatedAt: ctx.now,
    postedAt: null,
    approvedAt: null,
    rejectedAt: null,
    unlistedAt: null,
    expiredAt: null,
    manualExpiry: false,
    advertStartAt: null,
    advertEndAt: null,
  };
  const posted = (at: Date) => {
    d.postedAt = at;
    d.createdAt = new Date(at.getTime() - rng.int(1, 72) * HOUR);
    d.approvedAt = approval ? new Date(at.getTime() + rng.int(2, 20) * HOUR) : null;
    d.advertStartAt = d.approvedAt ?? at;
    d.advertEndAt = addDays(d.advertStartAt, duration);
  };
  switch (status) {
    case 'draft':
      d.createdAt = daysAgo(ctx, rng.int(0, 20), 20);
      break;
    case 'pending':
      d.postedAt = daysAgo(ctx, rng.int(0, 4), 20);
      d.createdAt = addMinutes(d.postedAt, -rng.int(10, 180));
      break;
    case 'rejected':
      d.postedAt = daysAgo(ctx, rng.int(5, 60), 20);
      d.createdAt = addMinutes(d.postedAt, -rng.int(10, 180));
      d.rejectedAt = new Date(d.postedAt.getTime() + rng.int(4, 30) * HOUR);
      break;
    case 'live':
    case 'unlisted':
      posted(daysAgo(ctx, rng.int(1, duration - 3), 20));
      if (status === 'unlisted') d.unlistedAt = between(ctx, addDays(d.advertStartAt!, 1), ctx.now);
      break;
    case 'expired': {
      const end = daysAgo(ctx, rng.int(1, 120), 20);
      posted(addDays(end, -duration));
      d.advertEndAt = end;
      d.manualExpiry = rng.chance(0.3);
      d.expiredAt = d.manualExpiry ? between(ctx, addDays(d.advertStartAt!, 7), end) : end;
      break;
    }
  }
  d.updatedAt = [d.createdAt, d.postedAt, d.approvedAt, d.rejectedAt, d.unlistedAt, d.expiredAt].reduce<Date>(
    (latest, x) => (x && x > latest ? x : latest),
    d.createdAt,
  );
  return d;
}
