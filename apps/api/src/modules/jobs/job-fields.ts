import type { AuditAction } from '@hireline/contract/audit-actions';
import type { z } from 'zod';
import type { updateJobBody } from '@hireline/contract/job-model';
import { messages } from '@hireline/contract/messages';
import type { DbOrTx } from '../../db/client';
import type { SiteSlice } from '../../platform/site-slice';
import { description } from '../../platform/rich-text';
import * as repo from './jobs.repo';
import type { JobPatch, JobRow, QuestionValues } from './jobs.repo';
import { messageCatalog as codes } from '@hireline/contract/message-codes';
import { auditEntry, type AuditActor } from '../../platform/audit';

/* A job's fields as the client sends them → columns, and the checks the contract's schema cannot make alone. */

/** Who acts, for history, ledger, audit and the allowed actions of the answer. */
export type { Actor } from '../../platform/actor';

/** An audit_logs row about a job, with who acted (and who impersonated them). */
export const jobAudit = (actor: AuditActor, job: Pick<JobRow, 'id' | 'accountId'>, action: AuditAction, data: Record<string, unknown>) =>
  auditEntry(actor, { type: 'job', id: job.id, accountId: job.accountId }, action, data);

export type JobFields = z.output<typeof updateJobBody>;
export type Errors = Record<string, string[]>;

const unique = <T>(xs: T[]) => [...new Set(xs)];
const date = (v: string | null) => (v === null ? null : new Date(v));

/** Only what was sent; descriptions sanitised, tags and emails without duplicates. */
export function columnsOf(b: JobFields): JobPatch {
  const c: JobPatch = {};
  const set = <K extends keyof JobPatch>(key: K, value: JobPatch[K] | undefined) => {
    if (value !== undefined) c[key] = value;
  };
  set('title', b.title);
  set('referenceNumber', b.reference_number);
  set('employerId', b.employer_id);
  set('consultantId', b.consultant_id);
  set('productId', b.product_id);
  set('workType', b.work_type);
  set('payType', b.pay_type);
  set('payMinCents', b.pay_min_cents);
  set('payMaxCents', b.pay_max_cents);
  set('salaryMinCents', b.salary_min_cents);
  set('salaryMaxCents', b.salary_max_cents);
  set('currency', b.currency);
  set('classification', b.classification);
  set('location', b.location);
  set('keySellingPoints', b.key_selling_points);
  set('links', b.links);
  set('bannerFileId', b.banner_file_id);
  set('tags', b.tags && unique(b.tags));
  set('applyType', b.apply_type);
  set('applicationUrl', b.application_url);
  set('applicationEmails', b.application_emails && unique(b.application_emails));
  set('advertStartAt', b.advert_start_at === undefined ? undefined : date(b.advert_start_at));
  set('advertEndAt', b.advert_end_at === undefined ? undefined : date(b.advert_end_at));
  if (b.description !== undefined) Object.assign(c, description(b.description));
  return c;
}

export const questionsOf = (b: JobFields): QuestionValues[] | undefined =>
  b.screening_questions?.map((q) => ({
    type: q.type,
    label: q.label,
    required: q.required,
    options: q.options,
    knockoutAnswers: q.knockout_answers?.length ? q.knockout_answers : null,
  }));

/**
 * Ids the client sent must name things of the selected slice; anything else is 422 on that field, never a 500 from a
 * foreign key and never a hint that it exists elsewhere. Unchanged ids are not re-checked, so a consultant who has
 * since been disabled does not block editing the rest of the job.
 */
export async function checkReferences(db: DbOrTx, s: SiteSlice, b: JobFields, current: JobRow | null): Promise<Errors> {
  const errors: Errors = {};
  const changed = <T>(next: T | null | undefined, now: T | null | undefined) => next !== undefined && next !== null && next !== now;
  if (changed(b.employer_id, current?.employerId) && !(await repo.employerOfSlice(db, s, b.employer_id!)))
    errors.employer_id = [messages.invalid];
  if (changed(b.consultant_id, current?.consultantId) && !(await repo.consultantOfSite(db, s, b.consultant_id!)))
    errors.consultant_id = [messages.invalid];
  if (changed(b.product_id, current?.productId) && !(await repo.productOfSite(db, s, b.product_id!)))
    errors.product_id = [messages.invalid];
  if (changed(b.banner_file_id, current?.bannerFileId) && !(await repo.bannerOfAccount(db, s.accountId, b.banner_file_id!)))
    errors.banner_file_id = [messages.invalid];
  return errors;
}

type Ranges = Pick<JobRow, 'payMinCents' | 'payMaxCents' | 'salaryMinCents' | 'salaryMaxCents' | 'advertStartAt' | 'advertEndAt'>;

/** The contract checks ranges within one body; an update is checked again against what is stored. */
export function checkRanges(j: Ranges): Errors {
  const errors: Errors = {};
  const bad = (min: number | Date | null, max: number | Date | null) => min !== null && max !== null && min > max;
  if (bad(j.payMinCents, j.payMaxCents)) errors.pay_max_cents = [codes.max_below_min];
  if (bad(j.salaryMinCents, j.salaryMaxCents)) errors.salary_max_cents = [codes.max_below_min];
  if (bad(j.advertStartAt, j.advertEndAt)) errors.advert_end_at = [codes['jobs.end_before_start']];
  return errors;
}

type Advert = Pick<JobRow, 'title' | 'employerId' | 'descriptionText' | 'productId' | 'applyType' | 'applicationUrl' | 'applicationEmails'>;

/** What a live advert needs (checked when posting, and kept true by edits of a posted job). */
export function checkComplete(j: Advert): Errors {
  const errors: Errors = {};
  if (!j.title.trim()) errors.title = [messages.required];
  if (!j.employerId) errors.employer_id = [messages.required];
  if (!j.descriptionText.trim()) errors.description = [messages.required];
  if (!j.productId) errors.product_id = [messages.required];
  if (j.applyType === 'url' && !j.applicationUrl) errors.application_url = [messages.required];
  if (j.applyType === 'email' && j.applicationEmails.length === 0) errors.application_emails = [messages.required];
  return errors;
}

export const hasErrors = (e: Errors) => Object.keys(e).length > 0;
