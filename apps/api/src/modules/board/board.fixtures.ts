import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { employers } from '../../db/schema/employers';
import { jobs, screeningQuestions } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { fieldOptions } from '../../db/schema/settings';
import { createTenant, type Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/* One board with adverts of every kind around it: what must show, and everything that must never show. */

const DAY = 86_400_000;
export const daysFromNow = (n: number) => new Date(Date.now() + n * DAY);

/** Adverts that are live on Alpha's board, by key. */
export const liveKeys = ['forklift', 'nurse', 'developer', 'barista'] as const;
/** Adverts that must never appear on Alpha's board, each for its own reason. */
export const hiddenKeys = [
  'draft',
  'pending',
  'expired',
  'unlisted',
  'rejected',
  'pastEnd',
  'notStarted',
  'disabledEmployer',
  'pendingEmployer',
  'secondSite',
  'otherTenant',
] as const;
export type JobKey = (typeof liveKeys)[number] | (typeof hiddenKeys)[number];

export interface BoardWorld {
  a: Tenant;
  b: Tenant;
  /** Alpha's board domain. */
  host: string;
  ids: Record<JobKey, string>;
  northwind: string;
  logoFileId: string;
  bannerFileId: string;
}

async function addFile(t: TestApp, accountId: string, purpose: 'logo' | 'banner') {
  const id = crypto.randomUUID();
  await t.deps.db.insert(files).values({
    id,
    accountId,
    purpose,
    storageKey: `test/${id}`,
    originalName: `${purpose}.png`,
    mime: 'image/png',
    size: 10,
    sha256: '0'.repeat(64),
  });
  return id;
}

export async function createBoardWorld(t: TestApp): Promise<BoardWorld> {
  const db = t.deps.db;
  const a = await createTenant(db, { name: 'Alpha' });
  const b = await createTenant(db, { name: 'Beta' });
  const site = a.sites[0].id;
  const accountId = a.account.id;

  const options: Array<[string, string, string, boolean]> = [
    ['work_type', 'full_time', 'Full time', true],
    ['work_type', 'part_time', 'Part time', true],
    ['work_type', 'casual', 'Casual', false],
    ['classification', 'information_technology', 'Information Technology', true],
    ['classification', 'healthcare', 'Healthcare & Medical', true],
    ['classification', 'transport_logistics', 'Transport & Logistics', true],
    ['pay_type', 'annual', 'Annual salary', true],
    ['pay_type', 'hourly', 'Hourly rate', true],
  ];
  await db.insert(fieldOptions).values(
    options.map(([kind, value, label, enabled], position) => ({
      ...{ accountId, siteId: site, kind: kind as 'work_type' },
      ...{ value, label, enabled, position },
    })),
  );

  const logoFileId = await addFile(t, accountId, 'logo');
  const bannerFileId = await addFile(t, accountId, 'banner');
  const [nw] = await db
    .insert(employers)
    .values({
      accountId,
      siteId: site,
      businessName: 'Northwind Traders',
      website: 'https://northwind.example',
      logoFileId,
      address: { city: 'Sydney', region: 'NSW', country: 'AU' },
      contactEmail: 'secret-contact@northwind.example',
      phone: '+61 2 0000 0000',
      creditBalance: 42,
    })
    .returning();
  const [disabled, pendingEmployer] = await db
    .insert(employers)
    .values([
      { accountId, siteId: site, businessName: 'Switched Off Ltd', enabled: false },
      { accountId, siteId: site, businessName: 'Awaiting Approval Ltd', status: 'pending' as const },
    ])
    .returning();
  const northwind = nw!.id;

  const live = { status: 'live' as const, postedAt: daysFromNow(-10), advertStartAt: daysFromNow(-10), advertEndAt: daysFromNow(20) };
  const base = { accountId, siteId: site, employerId: a.employers[0].id, ...live };
  const rows: Array<[JobKey, Partial<typeof jobs.$inferInsert>]> = [
    [
      'forklift',
      {
        title: 'Forklift Driver',
        referenceNumber: 'WH-100',
        description: '<p>Drive forklifts in our <strong>warehouse</strong>.</p>',
        descriptionText: 'Drive forklifts in our warehouse.',
        workType: 'full_time',
        classification: 'transport_logistics',
        payType: 'annual',
        payMinCents: 5_000_000,
        payMaxCents: 6_000_000,
        location: 'Boston, MA',
        keySellingPoints: ['Free parking', 'Night shifts'],
        postedAt: daysFromNow(-3),
        advertStartAt: daysFromNow(-3),
        rejectionReason: 'internal note that must not leak',
        tags: ['internal-tag'],
      },
    ],
    [
      'nurse',
      {
        title: 'Night Nurse',
        employerId: northwind,
        description: '<p>Care for patients overnight.</p>',
        descriptionText: 'Care for patients overnight.',
        workType: 'part_time',
        classification: 'healthcare',
        payType: 'hourly',
        payMinCents: 4_000,
        payMaxCents: 5_250,
        currency: 'AUD',
        location: 'Sydney, NSW',
        applyType: 'email',
        applicationEmails: ['jobs@northwind.example', 'hr@northwind.example'],
        bannerFileId,
        links: [{ label: 'About us', url: 'https://northwind.example/about' }],
        postedAt: daysFromNow(-2),
        advertStartAt: daysFromNow(-2),
      },
    ],
    [
      'developer',
      {
        title: 'Software Developer',
        description: '<p>Build <em>TypeScript</em> services.</p>',
        descriptionText: `Build TypeScript services. Free barista coffee. ${'We ship every day and care about quality. '.repeat(10)}`,
        workType: 'full_time',
        classification: 'information_technology',
        location: 'Remote (US)',
        featured: true,
        applyType: 'url',
        applicationUrl: 'https://careers.example/apply/1',
        postedAt: daysFromNow(-1),
        advertStartAt: daysFromNow(-1),
      },
    ],
    [
      'barista',
      {
        title: 'Barista',
        description: '<p>Make coffee.</p>',
        descriptionText: 'Make coffee.',
        workType: 'casual',
        classification: 'hospitality',
        payType: 'hourly',
        payMinCents: 2_500,
        location: 'Chicago, IL',
        postedAt: daysFromNow(-5),
        advertStartAt: daysFromNow(-5),
        advertEndAt: null,
      },
    ],
    ['draft', { title: 'Draft Forklift Driver', status: 'draft', postedAt: null }],
    ['pending', { title: 'Pending Forklift Driver', status: 'pending' }],
    ['expired', { title: 'Expired Forklift Driver', status: 'expired', advertEndAt: daysFromNow(-1), expiredAt: daysFromNow(-1) }],
    ['unlisted', { title: 'Unlisted Forklift Driver', status: 'unlisted', unlistedAt: daysFromNow(-1) }],
    ['rejected', { title: 'Rejected Forklift Driver', status: 'rejected' }],
    // Still `live`: the expiry sweep has not run yet, but the advert period is over.
    ['pastEnd', { title: 'Lapsed Forklift Driver', advertStartAt: daysFromNow(-40), advertEndAt: daysFromNow(-1) }],
    ['notStarted', { title: 'Future Forklift Driver', advertStartAt: daysFromNow(2), advertEndAt: daysFromNow(30) }],
    ['disabledEmployer', { title: 'Disabled Forklift Driver', employerId: disabled!.id }],
    ['pendingEmployer', { title: 'Unapproved Forklift Driver', employerId: pendingEmployer!.id }],
    ['secondSite', { title: 'Second Site Forklift Driver', siteId: a.sites[1].id, employerId: a.employers[1].id }],
    ['otherTenant', { title: 'Forklift Driver', accountId: b.account.id, siteId: b.sites[0].id, employerId: b.employers[0].id }],
  ];
  const inserted = await db
    .insert(jobs)
    .values(rows.map(([, r]) => ({ ...base, workType: 'full_time', descriptionText: 'Forklift work', ...r }) as typeof jobs.$inferInsert))
    .returning({ id: jobs.id });
  const ids = Object.fromEntries(rows.map(([key], i) => [key, inserted[i]!.id])) as Record<JobKey, string>;

  await db.insert(screeningQuestions).values([
    {
      accountId,
      jobId: ids.nurse,
      position: 0,
      type: 'yes_no',
      label: 'Do you hold a nursing licence?',
      required: true,
      knockoutAnswers: ['no'],
    },
    {
      accountId,
      jobId: ids.nurse,
      position: 1,
      type: 'single_choice',
      label: 'Which shifts suit you?',
      options: ['Nights', 'Weekends'],
      knockoutAnswers: ['Weekends'],
    },
  ]);
  return { a, b, host: `jobs.${a.account.domain}`, ids, northwind, logoFileId, bannerFileId };
}

/** A board request the way the board's own pages send it: from its host, with the deployment's enterprise key. */
export function boardGet(t: TestApp, url: string, opts: { host?: string; query?: Record<string, string | string[]>; ip?: string } = {}) {
  const inject: InjectOptions = {
    method: 'GET',
    url,
    query: opts.query,
    headers: { 'x-af-eid': 'test', ...(opts.host ? { host: opts.host } : {}) },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  };
  return t.app.inject(inject);
}

export const keyOf = (w: BoardWorld, id: string) => (Object.keys(w.ids) as JobKey[]).find((k) => w.ids[k] === id) ?? id;

export async function setEmployer(t: TestApp, id: string, patch: Partial<typeof employers.$inferInsert>) {
  await t.deps.db.update(employers).set(patch).where(eq(employers.id, id));
}
