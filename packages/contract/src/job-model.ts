import { z } from 'zod';
import { booleanFilter, dateFilter, email, httpUrl, listQuery, manyFilter, optionalText, requiredString, timestamp, uuid } from './common';
import { applyTypes, jobStatuses, screeningQuestionTypes } from './enums';
import { messages } from './messages';
import { messageCatalog as codes } from './message-codes';

/* The shapes of a job: what the portal sends (one set of rules for the browser and the API) and what it gets back. */

/** What staff can do to a job; the detail lists those allowed now (DESIGN §5 transitions). */
export const jobActions = ['edit', 'post', 'approve', 'reject', 'unlist', 'relist', 'expire', 'delete', 'clone'] as const;
export type JobAction = (typeof jobActions)[number];

/** Money in integer cents (DESIGN §4), up to ten million in the currency. */
const cents = z.number({ error: messages.invalid }).int({ error: messages.invalid }).min(0, { error: messages.invalid }).max(1_000_000_000);
export const tag = z.string().trim().toLowerCase().min(1, { error: messages.required }).max(40, { error: messages.maxLength(40) });

export const jobLink = z.strictObject({ label: requiredString(100), url: httpUrl });

export const screeningQuestionInput = z
  .strictObject({
    type: z.enum(screeningQuestionTypes, { error: messages.invalid }),
    label: requiredString(500),
    required: z.boolean({ error: messages.invalid }).default(false),
    /** The choices of single and multiple choice questions. */
    options: z.array(requiredString(200)).max(50).default([]),
    /** Answers that mark an application Unsuccessful on arrival: `yes`/`no` or options of the question; null = none. */
    knockout_answers: z.array(z.string().trim().max(200)).max(50).nullable().default(null),
  })
  .superRefine((q, ctx) => {
    const choice = q.type === 'single_choice' || q.type === 'multiple_choice';
    if (choice && q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: codes['jobs.options_min'] });
    if (!choice && q.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: messages.invalid });
    const allowed = q.type === 'yes_no' ? ['yes', 'no'] : choice ? q.options : null;
    if (q.knockout_answers?.length) {
      if (!allowed) ctx.addIssue({ code: 'custom', path: ['knockout_answers'], message: codes['jobs.knockout_type'] });
      else if (q.knockout_answers.some((a) => !allowed.includes(a)))
        ctx.addIssue({ code: 'custom', path: ['knockout_answers'], message: messages.invalid });
    }
  });
export type ScreeningQuestionInput = z.input<typeof screeningQuestionInput>;

/**
 * Every field of a job (spec §3). A draft is saved as the user goes, so everything but the title and employer is
 * optional; posting checks what a live advert needs (`postJob`). Description HTML is sanitised by the server.
 */
export const jobFieldsShape = {
  title: requiredString(200),
  reference_number: optionalText(64).optional(),
  employer_id: uuid,
  consultant_id: uuid.nullable().optional(),
  product_id: uuid.nullable().optional(),
  work_type: optionalText(100).optional(),
  pay_type: optionalText(100).optional(),
  pay_min_cents: cents.nullable().optional(),
  pay_max_cents: cents.nullable().optional(),
  salary_min_cents: cents.nullable().optional(),
  salary_max_cents: cents.nullable().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: messages.invalid }).optional(),
  classification: optionalText(100).optional(),
  location: optionalText(200).optional(),
  description: z.string({ error: messages.invalid }).max(50_000, { error: messages.invalid }).optional(),
  key_selling_points: z.array(requiredString(200)).max(5, { error: codes['jobs.too_many_selling_points'] }).optional(),
  links: z.array(jobLink).max(10, { error: codes['jobs.too_many_links'] }).optional(),
  banner_file_id: uuid.nullable().optional(),
  tags: z.array(tag).max(20, { error: codes['jobs.too_many_tags'] }).optional(),
  apply_type: z.enum(applyTypes, { error: messages.invalid }).optional(),
  application_url: httpUrl.nullable().optional(),
  application_emails: z.array(email).max(5, { error: codes['jobs.too_many_emails'] }).optional(),
  advert_start_at: z.iso.datetime({ offset: true, error: messages.invalid }).nullable().optional(),
  advert_end_at: z.iso.datetime({ offset: true, error: messages.invalid }).nullable().optional(),
  screening_questions: z.array(screeningQuestionInput).max(20, { error: codes['jobs.too_many_questions'] }).optional(),
};

type RangeBody = Partial<Record<'pay_min_cents' | 'pay_max_cents' | 'salary_min_cents' | 'salary_max_cents', number | null>> & {
  advert_start_at?: string | null;
  advert_end_at?: string | null;
};
/** The same range rules in the browser and the API; the service re-checks against the stored job on update. */
function checkRanges(b: RangeBody, ctx: z.RefinementCtx) {
  const lessOrEqual = (min: number | null | undefined, max: number | null | undefined) => min == null || max == null || min <= max;
  if (!lessOrEqual(b.pay_min_cents, b.pay_max_cents))
    ctx.addIssue({ code: 'custom', path: ['pay_max_cents'], message: codes.max_below_min });
  if (!lessOrEqual(b.salary_min_cents, b.salary_max_cents))
    ctx.addIssue({ code: 'custom', path: ['salary_max_cents'], message: codes.max_below_min });
  if (b.advert_start_at && b.advert_end_at && Date.parse(b.advert_start_at) > Date.parse(b.advert_end_at))
    ctx.addIssue({ code: 'custom', path: ['advert_end_at'], message: 'The end date must be after the start date.' });
}

export const createJobBody = z.strictObject(jobFieldsShape).superRefine(checkRanges);
export const updateJobBody = z.strictObject(jobFieldsShape).partial().superRefine(checkRanges);
export type JobInput = z.input<typeof createJobBody>;

const ref = z.object({ id: uuid, name: z.string() });

export const jobSummary = z.object({
  id: uuid,
  title: z.string(),
  reference_number: z.string().nullable(),
  status: z.enum(jobStatuses),
  /** DESIGN §5: the flagged marker, set while open reports exist. */
  flagged: z.boolean(),
  open_reports: z.number().int(),
  featured: z.boolean(),
  employer: ref,
  consultant: ref.nullable(),
  work_type: z.string().nullable(),
  classification: z.string().nullable(),
  location: z.string().nullable(),
  tags: z.array(z.string()),
  advert_start_at: timestamp.nullable(),
  advert_end_at: timestamp.nullable(),
  posted_at: timestamp.nullable(),
  created_at: timestamp,
  applications_count: z.number().int(),
  /** What the caller may do now (the status allows it and they hold the permission): a bulk action applies to these rows. */
  allowed_actions: z.array(z.enum(jobActions)),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const screeningQuestion = z.object({
  id: uuid,
  position: z.number().int(),
  type: z.enum(screeningQuestionTypes),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  knockout_answers: z.array(z.string()).nullable(),
});

export const jobStatusChange = z.object({
  from: z.enum(jobStatuses).nullable(),
  to: z.enum(jobStatuses),
  at: timestamp,
  by: ref.nullable(),
  reason: z.string().nullable(),
});

export const jobDetail = jobSummary.extend({
  /** The employer's credit balance: what the payment step can spend. */
  employer: ref.extend({ credit_balance: z.number().int() }),
  product: z.object({ id: uuid, name: z.string(), duration_days: z.number().int(), featured: z.boolean() }).nullable(),
  pay_type: z.string().nullable(),
  pay_min_cents: z.number().int().nullable(),
  pay_max_cents: z.number().int().nullable(),
  salary_min_cents: z.number().int().nullable(),
  salary_max_cents: z.number().int().nullable(),
  currency: z.string(),
  description: z.string(),
  key_selling_points: z.array(z.string()),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  banner: z.object({ id: uuid, url: z.string() }).nullable(),
  apply_type: z.enum(applyTypes),
  application_url: z.string().nullable(),
  application_emails: z.array(z.string()),
  approved_at: timestamp.nullable(),
  rejected_at: timestamp.nullable(),
  rejection_reason: z.string().nullable(),
  expired_at: timestamp.nullable(),
  unlisted_at: timestamp.nullable(),
  cloned_from_id: uuid.nullable(),
  updated_at: timestamp,
  screening_questions: z.array(screeningQuestion),
  status_history: z.array(jobStatusChange),
});
export type JobDetail = z.infer<typeof jobDetail>;

export const jobSorts = ['created_at', '-created_at', 'title', '-title', 'advert_end_at', '-advert_end_at', 'posted_at', '-posted_at', 'status', '-status'] as const;

export const jobListQuery = listQuery.extend({
  sort: z.enum(jobSorts, { error: messages.invalid }).default('-created_at'),
  status: manyFilter(z.enum(jobStatuses, { error: messages.invalid })).optional(),
  employer_id: uuid.optional(),
  consultant_id: uuid.optional(),
  work_type: z.string().max(100).optional(),
  classification: z.string().max(100).optional(),
  created_from: dateFilter.optional(),
  created_to: dateFilter.optional(),
  tags: manyFilter(tag).optional(),
  flagged: booleanFilter.optional(),
});

