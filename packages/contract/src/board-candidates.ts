import { z } from 'zod';
import { endpoint } from './endpoint';
import { feedbackFields } from './feedback';
import { email, optionalText, requiredString, timestamp, uuid, uuidParams } from './common';
import { password } from './auth';
import { fileObject } from './uploads';
import { messages } from './messages';
import { messageCatalog as codes } from './message-codes';

/*
 * Candidates on a site's job board (their account, from registering to signing out: board-candidate-account.ts): their
 * profile and files, their applications (apply, withdraw, feedback), job feedback and reporting a job. Candidates
 * belong to the board's account and may use any board of it; a board session never reaches staff endpoints.
 * Every endpoint names its board like the read side (`domain`, or the request's Host).
 */

export const tags = ['board'];
export const seeker = { seeker: true } as const;
/** The board the request names, or none for the request's Host. */
export const domain = z.string().trim().min(1).max(253).optional();

export const candidateMessages = {
  checkEmail: codes['candidates.check_email'],
  verifyFirst: codes['candidates.verify_first'],
  verifyInvalid: codes['candidates.verify_invalid'],
  alreadyApplied: codes['candidates.already_applied'],
  notAcceptingApplications: codes['candidates.not_accepting'],
  applyElsewhere: codes['candidates.apply_elsewhere'],
  resumeRequired: codes['candidates.resume_required'],
  withdrawn: codes['candidates.withdrawn'],
  cannotWithdraw: codes['candidates.cannot_withdraw'],
  knockedOut: codes['candidates.knocked_out'],
  applied: codes['candidates.applied'],
  reported: codes['candidates.reported'],
  feedbackSaved: codes['candidates.feedback_saved'],
  deleted: codes['candidates.deleted'],
  passwordIncorrect: codes['candidates.password_incorrect'],
  accountElsewhere: codes.account_elsewhere,
  answerRequired: codes['candidates.answer_required'],
  answerInvalid: codes['candidates.answer_invalid'],
  answerNumber: codes['candidates.answer_number'],
} as const;

/** Which of the site's statuses a candidate sees: the portal's stages are the staff's business. */
export const candidateStatuses = ['received', 'in_progress', 'offered', 'unsuccessful', 'withdrawn'] as const;
export type CandidateStatus = (typeof candidateStatuses)[number];

export const jobReportReasons = ['scam', 'discriminatory', 'misleading', 'filled', 'offensive', 'other'] as const;
export const jobReportReasonLabels: Record<(typeof jobReportReasons)[number], string> = {
  scam: 'Scam or fraud',
  discriminatory: 'Discriminatory',
  misleading: 'Misleading or inaccurate',
  filled: 'The job is no longer available',
  offensive: 'Offensive content',
  other: 'Something else',
};

const option = z.object({ value: z.string(), label: z.string() });

export const candidateProfile = z.object({
  id: uuid,
  profile_id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  visa_type: option.nullable(),
  desired_work_type: option.nullable(),
  resume: fileObject.nullable(),
  documents: z.array(fileObject),
  /** The site's options for the two selects of the profile form. */
  options: z.object({ visa_types: z.array(option), work_types: z.array(option) }),
  /** Set while a staff member acts as this candidate: the board shows a banner naming them. */
  impersonating: z.object({ by: z.object({ name: z.string() }), reason: z.string().nullable(), expires_at: timestamp }).optional(),
});
export type CandidateProfile = z.infer<typeof candidateProfile>;

export const candidateApplicationFeedback = feedbackFields;

export const candidateApplication = z.object({
  id: uuid,
  job: z.object({ id: uuid, title: z.string(), employer_name: z.string(), live: z.boolean() }),
  status: z.enum(candidateStatuses),
  applied_at: timestamp,
  withdrawn_at: timestamp.nullable(),
  can_withdraw: z.boolean(),
  feedback: candidateApplicationFeedback.nullable(),
  /** The candidate's rating of the job advert itself (1–5), if given. */
  job_rating: z.number().int().nullable(),
});
export type CandidateApplication = z.infer<typeof candidateApplication>;

const rating = z.number({ error: messages.required }).int({ error: messages.invalid }).min(1, { error: messages.invalid }).max(5, { error: messages.invalid });

// ---------------------------------------------------------------- profile

export const getCandidateProfile = endpoint({
  method: 'GET',
  path: '/v1/board/candidates/me',
  summary: "The signed-in candidate's profile, files and the site's options for it",
  tags,
  access: seeker,
  query: z.object({ domain }),
  response: candidateProfile,
});

export const updateCandidateProfile = endpoint({
  method: 'PATCH',
  path: '/v1/board/candidates/me',
  summary: 'Change any part of the profile; the resume is a file uploaded first',
  tags,
  access: seeker,
  query: z.object({ domain }),
  body: z
    .strictObject({
      name: requiredString(120),
      phone: optionalText(40),
      location: optionalText(200),
      visa_type: optionalText(100),
      desired_work_type: optionalText(100),
      resume_file_id: uuid.nullable(),
    })
    .partial(),
  response: candidateProfile,
});

export const uploadCandidateFile = endpoint({
  method: 'POST',
  path: '/v1/board/candidates/me/files',
  summary: 'Upload a resume or document (multipart `file`, `purpose` resume|document); a document is added to the profile',
  tags,
  access: seeker,
  multipart: true,
  status: 201,
  response: fileObject,
});

export const deleteCandidateDocument = endpoint({
  method: 'DELETE',
  path: '/v1/board/candidates/me/documents/:uuid',
  summary: 'Remove a document from the profile',
  tags,
  access: seeker,
  params: uuidParams,
  status: 204,
  response: z.null(),
});

export const exportCandidateData = endpoint({
  method: 'GET',
  path: '/v1/board/candidates/me/export',
  summary: 'Everything held on the candidate in this account, as JSON (a data access request, audited)',
  tags,
  access: seeker,
  response: z.record(z.string(), z.unknown()),
});

export const deleteCandidateAccount = endpoint({
  method: 'DELETE',
  path: '/v1/board/candidates/me',
  summary: 'Delete the account and all personal data (password required; not while a staff member acts as the candidate)',
  tags,
  access: seeker,
  notWhileImpersonating: true,
  body: z.strictObject({ password }),
  status: 204,
  response: z.null(),
});

// ---------------------------------------------------------------- applications and feedback

export const applyBody = z.strictObject({
  domain,
  /** Defaults to the profile's resume; one of the two is required. */
  resume_file_id: uuid.nullable().optional(),
  cover_letter: optionalText(10_000).optional(),
  /** One per screening question; a multiple-choice answer is an array of its options. */
  answers: z
    .array(
      z.strictObject({
        question_id: uuid,
        answer: z.union([z.string().max(5000), z.number(), z.boolean(), z.array(z.string().max(500)).max(50), z.null()]),
      }),
    )
    .max(100)
    .default([]),
});

export const applyForJob = endpoint({
  method: 'POST',
  path: '/v1/board/jobs/:uuid/apply',
  summary:
    'Apply for a live advert with a resume and screening answers; a knock-out answer makes it Unsuccessful on arrival (the answer says so politely)',
  tags,
  access: seeker,
  params: uuidParams,
  body: applyBody,
  status: 201,
  response: z.object({ application: candidateApplication, message: z.string() }),
});

export const listCandidateApplications = endpoint({
  method: 'GET',
  path: '/v1/board/candidates/me/applications',
  summary: "The candidate's applications on this board, newest first",
  tags,
  access: seeker,
  query: z.object({
    domain,
    page: z.coerce.number({ error: messages.invalid }).int().min(1).default(1),
    per_page: z.coerce.number({ error: messages.invalid }).int().min(1).max(50).default(20),
    /** Only the application for this job (a candidate applies once per job): what the job's page shows. */
    job_id: uuid.optional(),
  }),
  response: z.object({
    data: z.array(candidateApplication),
    meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
  }),
});

export const withdrawApplication = endpoint({
  method: 'POST',
  path: '/v1/board/candidates/me/applications/:uuid/withdraw',
  summary: 'Withdraw an application (final: staff cannot change it afterwards)',
  tags,
  access: seeker,
  params: uuidParams,
  query: z.object({ domain }),
  response: candidateApplication,
});

export const putApplicationFeedback = endpoint({
  method: 'PUT',
  path: '/v1/board/candidates/me/applications/:uuid/feedback',
  summary: 'Give or change feedback on the application process',
  tags,
  access: seeker,
  params: uuidParams,
  query: z.object({ domain }),
  body: z.strictObject({ rating, employer_recommended: z.boolean({ error: messages.invalid }), additional_feedback: optionalText(5000).optional() }),
  response: candidateApplication,
});

export const putJobFeedback = endpoint({
  method: 'PUT',
  path: '/v1/board/jobs/:uuid/feedback',
  summary: 'Rate a job advert (one rating per candidate and job, replaced by sending again)',
  tags,
  access: seeker,
  params: uuidParams,
  body: z.strictObject({
    domain,
    rating,
    employer_recommended: z.boolean({ error: messages.invalid }).optional(),
    comment: optionalText(2000).optional(),
  }),
  // `comment` is the same text as `additional_feedback`, kept for clients written before the shared shape.
  response: feedbackFields.extend({ comment: z.string().nullable(), message: z.string() }),
});

export const reportJob = endpoint({
  method: 'POST',
  path: '/v1/board/jobs/:uuid/report',
  summary: "Report a live advert to the site's team; anyone may, a signed-in candidate is recorded as the reporter",
  tags,
  access: { public: true },
  params: uuidParams,
  body: z.strictObject({
    domain,
    reason: z.enum(jobReportReasons, { error: messages.required }),
    additional_comments: optionalText(2000).optional(),
    email: email.nullable().optional(),
  }),
  status: 202,
  response: z.object({ message: z.string() }),
});
