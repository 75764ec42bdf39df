import { z } from 'zod';
import { endpoint } from './endpoint';
import { emptyResponse } from './common';
import { userLocales } from './enums';
import { messages } from './messages';
import { emailKindGroups, emailKinds } from './email-kinds';
import { messageCatalog as codes } from './message-codes';

/*
 * A site's wording of every email the product sends, per kind and language (DESIGN §5: "using the site's templates").
 * The built-in text applies until a site saves its own; removing the site's version restores the built-in one.
 * Bodies are rich text (sanitised on the server like job descriptions) with `{{placeholders}}`.
 */
const tags = ['settings'];
const view = { subject: 'settings', action: 'view' };
const update = { subject: 'settings', action: 'update' };

export const emailTemplateMessages = {
  subjectTooLong: codes['email_templates.subject_too_long'],
  bodyTooLong: codes['email_templates.body_too_long'],
} as const;

export const emailTemplateVersion = z.object({
  locale: z.enum(userLocales),
  subject: z.string(),
  body: z.string(),
  /** True when the site saved its own version; false for the built-in text. */
  customised: z.boolean(),
});

export const emailTemplate = z.object({
  event: z.enum(emailKinds),
  group: z.enum(emailKindGroups),
  /** Placeholders this kind's template may use. */
  variables: z.array(z.string()),
  /** Of those, the ones whose value is pre-rendered HTML (body only). */
  html_variables: z.array(z.string()),
  versions: z.array(emailTemplateVersion),
});
export type EmailTemplate = z.infer<typeof emailTemplate>;

const params = z.object({
  event: z.enum(emailKinds, { error: messages.invalid }),
  locale: z.enum(userLocales, { error: messages.invalid }),
});

export const emailTemplateBody = z.strictObject({
  subject: z.string({ error: messages.required }).trim().min(1, { error: messages.required }).max(200, { error: emailTemplateMessages.subjectTooLong }),
  body: z.string({ error: messages.required }).trim().min(1, { error: messages.required }).max(20_000, { error: emailTemplateMessages.bodyTooLong }),
});

export const listEmailTemplates = endpoint({
  method: 'GET',
  path: '/v1/site/settings/email-templates',
  summary: "The site's emails: every kind, each language, the site's version or the built-in one",
  tags,
  access: view,
  response: z.object({ data: z.array(emailTemplate) }),
});

export const saveEmailTemplate = endpoint({
  method: 'PUT',
  path: '/v1/site/settings/email-templates/:event/:locale',
  summary: "Save the site's own subject and body for one kind of email and language",
  tags,
  access: update,
  params,
  body: emailTemplateBody,
  response: emailTemplateVersion,
});

export const resetEmailTemplate = endpoint({
  method: 'DELETE',
  path: '/v1/site/settings/email-templates/:event/:locale',
  summary: "Remove the site's version: the built-in text applies again",
  tags,
  access: update,
  params,
  status: 204,
  response: emptyResponse,
});

export const previewEmailTemplate = endpoint({
  method: 'POST',
  path: '/v1/site/settings/email-templates/:event/:locale/preview',
  summary: 'Render a subject and body as the email would look, with sample values and the site branding',
  tags,
  access: view,
  params,
  body: emailTemplateBody,
  response: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});
