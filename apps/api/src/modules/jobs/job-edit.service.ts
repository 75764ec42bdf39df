import type { z } from 'zod';
import type { createJobBody } from '@hireline/contract/job-model';
import type { AppDeps } from '../../deps';
import { invalid, notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { checkComplete, checkRanges, checkReferences, columnsOf, hasErrors, questionsOf, type Actor, type Errors, type JobFields } from './job-fields';
import { loadDetail } from './job-present';
import { assertAllowed } from './job.policy';
import * as repo from './jobs.repo';
import { messageCatalog as codes } from '@hireline/contract/message-codes';

/* Drafts and edits: create, update, clone and tags. Status changes live in job-lifecycle and job-post. */

const detail = (deps: AppDeps, slice: SiteSlice, actor: Actor, id: string) =>
  loadDetail({ db: deps.db, slice, ability: actor.ability, appSecret: deps.config.appSecret }, id);

export async function createJob(deps: AppDeps, scope: ResolvedScope, actor: Actor, body: z.output<typeof createJobBody>) {
  const slice = siteSlice(scope);
  const id = await deps.db.transaction(async (tx) => {
    const errors = await checkReferences(tx, slice, body, null);
    if (hasErrors(errors)) throw invalid(errors);
    const site = await repo.siteOf(tx, slice.siteId);
    const job = await repo.insertJob(tx, {
      currency: site.settings.currency,
      ...columnsOf(body),
      title: body.title,
      employerId: body.employer_id,
      accountId: slice.accountId,
      siteId: slice.siteId,
      status: 'draft',
      createdByUserId: actor.userId,
    });
    const questions = questionsOf(body);
    if (questions) await repo.replaceQuestions(tx, job, questions);
    await repo.recordStatus(tx, job, null, 'draft', actor.userId);
    return job.id;
  });
  return detail(deps, slice, actor, id);
}

/**
 * Any field of a job that is not over (expired or rejected). The employer and the product are fixed once the job
 * is posted: the credit was spent for that employer and that product's duration and placement.
 */
export async function updateJob(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, body: JobFields) {
  const slice = siteSlice(scope);
  await deps.db.transaction(async (tx) => {
    const job = await repo.findJob(tx, slice, id, { lock: true });
    if (!job) throw notFound();
    assertAllowed(job, actor, 'edit');
    const fixed: Errors = {};
    if (job.status !== 'draft') {
      if (body.employer_id !== undefined && body.employer_id !== job.employerId)
        fixed.employer_id = [codes['jobs.employer_fixed']];
      if (body.product_id !== undefined && body.product_id !== job.productId)
        fixed.product_id = [codes['jobs.product_fixed']];
    }
    const errors: Errors = { ...(await checkReferences(tx, slice, body, job)), ...fixed };
    const patch = columnsOf(body);
    const next = { ...job, ...patch };
    Object.assign(errors, checkRanges(next));
    // A posted advert stays complete: an edit cannot empty what posting required.
    if (job.status !== 'draft') Object.assign(errors, checkComplete(next));
    if (hasErrors(errors)) throw invalid(errors);
    await repo.updateJob(tx, id, patch);
    const questions = questionsOf(body);
    if (questions) await repo.replaceQuestions(tx, job, questions);
  });
  return detail(deps, slice, actor, id);
}

/** A new draft with the same content and questions; no product, no advert dates, nothing of the original's life. */
export async function cloneJob(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  const slice = siteSlice(scope);
  const cloneId = await deps.db.transaction(async (tx) => {
    const job = await repo.findJob(tx, slice, id);
    if (!job) throw notFound();
    const copy = await repo.insertJob(tx, {
      accountId: job.accountId,
      siteId: job.siteId,
      employerId: job.employerId,
      consultantId: job.consultantId,
      productId: null,
      status: 'draft',
      featured: false,
      title: job.title,
      referenceNumber: job.referenceNumber,
      description: job.description,
      descriptionText: job.descriptionText,
      workType: job.workType,
      payType: job.payType,
      payMinCents: job.payMinCents,
      payMaxCents: job.payMaxCents,
      salaryMinCents: job.salaryMinCents,
      salaryMaxCents: job.salaryMaxCents,
      currency: job.currency,
      classification: job.classification,
      location: job.location,
      keySellingPoints: job.keySellingPoints,
      links: job.links,
      bannerFileId: job.bannerFileId,
      advertStartAt: null,
      advertEndAt: null,
      applyType: job.applyType,
      applicationUrl: job.applicationUrl,
      applicationEmails: job.applicationEmails,
      tags: job.tags,
      clonedFromId: job.id,
      createdByUserId: actor.userId,
    });
    const questions = await repo.questionsOf(tx, job.id);
    await repo.replaceQuestions(
      tx,
      copy,
      questions.map((q) => ({ type: q.type, label: q.label, required: q.required, options: q.options, knockoutAnswers: q.knockoutAnswers })),
    );
    await repo.recordStatus(tx, copy, null, 'draft', actor.userId, null);
    return copy.id;
  });
  return detail(deps, slice, actor, cloneId);
}

export async function getTags(deps: AppDeps, scope: ResolvedScope, id: string) {
  const job = await repo.findJob(deps.db, siteSlice(scope), id);
  if (!job) throw notFound();
  return { tags: job.tags };
}

/** Tags organise the list, so they can be changed at any status (also on an expired job). */
export async function setTags(deps: AppDeps, scope: ResolvedScope, id: string, tags: string[]) {
  const slice = siteSlice(scope);
  const job = await repo.findJob(deps.db, slice, id);
  if (!job) throw notFound();
  const next = [...new Set(tags)];
  await repo.updateJob(deps.db, id, { tags: next });
  return { tags: next };
}
