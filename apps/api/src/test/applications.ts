import { createHash } from 'node:crypto';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { applications, type ApplicationAnswer } from '../db/schema/applications';
import { consultants, consultantSites } from '../db/schema/consultants';
import { simplePdf } from '../db/seed/resume-pdf';
import type { jobs } from '../db/schema/jobs';
import { files } from '../db/schema/platform';
import { seekerDocuments, seekers } from '../db/schema/seekers';
import type { Tenant } from './factories';
import type { TestApp } from './harness';

/* Candidates, applications and their documents for API tests: rows written directly, as the job board would. */

/**
 * The counter in an address, zero-padded: addresses then sort in the order they were made, whatever other test files
 * in the same worker (which share this module) have counted to before.
 */
const padded = (n: number) => String(n).padStart(6, '0');
let seq = 0;

export async function addSeeker(t: TestApp, tenant: Tenant, opts: Partial<typeof seekers.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await t.deps.db
    .insert(seekers)
    .values({ accountId: tenant.account.id, name: `Candidate ${n}`, email: `candidate${padded(n)}.${tenant.account.slug}@example.test`, ...opts })
    .returning();
  return row!;
}

export interface ApplicationOpts {
  status?: ApplicationStatus;
  answers?: ApplicationAnswer[];
  knockedOut?: boolean;
  enabled?: boolean;
  tags?: string[];
  resumeFileId?: string | null;
  createdAt?: Date;
}

/** One application of `seeker` to `job`, with the denormalised names the list reads. */
export async function addApplication(
  t: TestApp,
  job: typeof jobs.$inferSelect,
  seeker: typeof seekers.$inferSelect,
  opts: ApplicationOpts = {},
) {
  const [row] = await t.deps.db
    .insert(applications)
    .values({
      accountId: job.accountId,
      siteId: job.siteId,
      jobId: job.id,
      employerId: job.employerId,
      seekerId: seeker.id,
      candidateName: seeker.name,
      candidateEmail: seeker.email,
      jobTitle: job.title,
      status: opts.status ?? 'applied',
      answers: opts.answers ?? [],
      knockedOut: opts.knockedOut ?? false,
      enabled: opts.enabled ?? true,
      tags: opts.tags ?? [],
      resumeFileId: opts.resumeFileId ?? null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A minimal valid one-page PDF, so a "preview" is a real document. */
export const tinyPdf = (text = 'Resume') => simplePdf([text]);

/** A stored file owned by the seeker (bytes in the app's storage), optionally listed among their documents. */
export async function addSeekerFile(
  t: TestApp,
  seeker: typeof seekers.$inferSelect,
  opts: { purpose?: 'resume' | 'document'; name?: string; mime?: string; bytes?: Buffer; listed?: boolean } = {},
) {
  const bytes = opts.bytes ?? tinyPdf(seeker.name);
  const id = crypto.randomUUID();
  const storageKey = `test/${id}`;
  await t.deps.storage.put(storageKey, bytes);
  await t.deps.db.insert(files).values({
    id,
    accountId: seeker.accountId,
    ownerSeekerId: seeker.id,
    purpose: opts.purpose ?? 'resume',
    storageKey,
    originalName: opts.name ?? 'resume.pdf',
    mime: opts.mime ?? 'application/pdf',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  if (opts.listed)
    await t.deps.db.insert(seekerDocuments).values({ accountId: seeker.accountId, seekerId: seeker.id, fileId: id, kind: opts.purpose ?? 'document' });
  return id;
}

/** A consultant working on site 1 with an email address (`addConsultant`'s have none). */
export async function addMailableConsultant(t: TestApp, tenant: Tenant, opts: { name?: string; enabled?: boolean } = {}) {
  const n = ++seq;
  const [row] = await t.deps.db
    .insert(consultants)
    .values({ accountId: tenant.account.id, name: opts.name ?? `Consultant ${n}`, email: `consultant${padded(n)}.${tenant.account.slug}@example.test`, enabled: opts.enabled ?? true })
    .returning();
  await t.deps.db.insert(consultantSites).values({ consultantId: row!.id, siteId: tenant.sites[0].id, accountId: tenant.account.id });
  return row!;
}
