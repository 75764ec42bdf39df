import { z } from 'zod';
import { endpoint } from './endpoint';
import { requiredString, timestamp } from './common';
import { applicationStage } from './applications';
import { discountTier } from './credits';
import { applicationStatuses, fieldOptionKinds, userLocales, type FieldOptionKind } from './enums';
import { messages } from './messages';
import { formatMessage, messageCatalog as codes } from './message-codes';

/*
 * Settings of the selected site (DESIGN §5): its name, time zone, locale, approvals, price per credit, the board's
 * forms, application stages, field options and discount tiers (products: site-products.ts); and a short-lived token
 * for the site's content system. Reading needs settings.view, changing settings.update.
 */

const tags = ['settings'];
const view = { subject: 'settings', action: 'view' };
const update = { subject: 'settings', action: 'update' };

/** What the forms of these endpoints answer besides the shared messages. */
export const siteSettingsMessages = {
  color: codes['settings.color'],
  timezone: codes['settings.timezone'],
  currency: codes['settings.currency'],
  price: codes['settings.price'],
  stageTwice: codes['settings.stage_twice'],
  stagesMissing: (missing: string[]) => formatMessage('settings.stages_missing', { missing: missing.join(', ') }),
  optionTwice: codes['settings.option_twice'],
  optionCount: codes['settings.option_count'],
  tierStart: codes['settings.tier_start'],
  tierOverlap: codes['settings.tier_overlap'],
  tierOrder: codes.max_below_min,
  tierOpen: codes['settings.tier_open'],
  tierPercent: codes['settings.tier_percent'],
  tierCount: codes['settings.tier_count'],
  duration: codes['settings.duration'],
} as const;

/** A value that is missing is required; one of the wrong type invalid. */
export const required = (issue: { input?: unknown }) => (issue.input === undefined ? messages.required : messages.invalid);
export const flag = z.boolean({ error: required });

export const hexColor = z.string({ error: required }).trim().regex(/^#[0-9a-fA-F]{6}$/, { error: siteSettingsMessages.color });

let zones: Set<string> | undefined;
/** IANA names the runtime knows (`Intl.supportedValuesOf`), and `UTC`, which it lists only as `Etc/UTC` or not at all. */
export const isTimeZone = (v: string) => (zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])).has(v);

let currencies: Set<string> | undefined;
export const isCurrency = (v: string) => (currencies ??= new Set(Intl.supportedValuesOf('currency'))).has(v);

/** Locales a site's board can speak: the portal's default `en-US` and the languages users can choose. */
export const siteLocales = ['en-US', ...userLocales] as const;

export const formKeys = ['application', 'employer_registration', 'job_report', 'feedback'] as const;
export type FormKey = (typeof formKeys)[number];
export const formHandlers = ['internal', 'webhook'] as const;

/** A form as the settings show it: the signing secret never leaves the server, only whether there is one. */
export const formSetting = z.object({
  enabled: z.boolean(),
  handler: z.enum(formHandlers),
  url: z.string().nullable(),
  has_secret: z.boolean(),
});

export const siteSettings = z.object({
  name: z.string(),
  timezone: z.string(),
  locale: z.string(),
  job_approval_required: z.boolean(),
  employer_approval_required: z.boolean(),
  price_per_credit_cents: z.number().int(),
  currency: z.string(),
  forms: z.object(Object.fromEntries(formKeys.map((k) => [k, formSetting])) as Record<FormKey, typeof formSetting>),
});
export type SiteSettingsDocument = z.infer<typeof siteSettings>;

/** A webhook's address: https only; `''` clears it. */
const formUrl = z
  .string({ error: messages.invalidFormUrl })
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(z.url({ protocol: /^https$/, error: messages.invalidFormUrl }).max(2000, { error: messages.invalidFormUrl }).nullable())
  .nullable();

export const formSettingInput = z.strictObject({
  enabled: flag.optional(),
  handler: z.enum(formHandlers, { error: messages.invalidFormHandler }).optional(),
  url: formUrl.optional(),
});

const formsInput = Object.fromEntries(formKeys.map((k) => [k, formSettingInput.optional()])) as Record<FormKey, z.ZodOptional<typeof formSettingInput>>;

/** A price in the site currency's cents. */
export const cents = z
  .number({ error: required })
  .int({ error: siteSettingsMessages.price })
  .min(0, { error: siteSettingsMessages.price })
  .max(1_000_000, { error: siteSettingsMessages.price });

export const updateSiteSettingsBody = z
  .strictObject({
    name: requiredString(120),
    timezone: z.string({ error: required }).trim().refine(isTimeZone, { error: siteSettingsMessages.timezone }),
    locale: z.enum(siteLocales, { error: messages.invalid }),
    job_approval_required: flag,
    employer_approval_required: flag,
    price_per_credit_cents: cents,
    currency: z
      .string({ error: required })
      .trim()
      .toUpperCase()
      .refine((v) => /^[A-Z]{3}$/.test(v) && isCurrency(v), { error: siteSettingsMessages.currency }),
    forms: z.strictObject(formsInput),
  })
  .partial();
export type SiteSettingsPatch = z.output<typeof updateSiteSettingsBody>;

export const getSiteSettings = endpoint({
  method: 'GET',
  path: '/v1/site/settings',
  summary: "The selected site's settings: name, time zone, locale, approvals, price per credit and the board's forms",
  tags,
  access: view,
  response: siteSettings,
});

export const updateSiteSettings = endpoint({
  method: 'PATCH',
  path: '/v1/site/settings',
  summary:
    "Change any of the site's settings. A form switched to a webhook needs an https URL and gets a signing secret, " +
    "answered once in `generated_secrets`; a new currency also applies to the site's products.",
  tags,
  access: update,
  body: updateSiteSettingsBody,
  response: siteSettings.extend({ generated_secrets: z.partialRecord(z.enum(formKeys), z.string()) }),
});

export const rotateFormSecret = endpoint({
  method: 'POST',
  path: '/v1/site/settings/forms/:form/secret',
  summary: "A new signing secret for a webhook form, answered once; the old one stops working (409 for a form that is not a webhook)",
  tags,
  access: update,
  params: z.object({ form: z.enum(formKeys, { error: messages.invalid }) }),
  response: z.object({ form: z.enum(formKeys), secret: z.string() }),
});

/* Application stages: the ten statuses in the site's order. */

export const stageInput = z.strictObject({
  status: z.enum(applicationStatuses, { error: required }),
  label: requiredString(40),
  color: hexColor,
  visible: flag,
  email_admin: flag,
  email_consultants: flag,
  email_candidate: flag,
});

export const replaceStagesBody = z
  .array(stageInput)
  .max(50, { error: messages.invalid })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.status)) ctx.addIssue({ code: 'custom', path: [i, 'status'], message: siteSettingsMessages.stageTwice });
      seen.add(s.status);
    });
    const missing = applicationStatuses.filter((s) => !seen.has(s));
    if (missing.length) ctx.addIssue({ code: 'custom', message: siteSettingsMessages.stagesMissing(missing) });
  });

export const replaceApplicationStages = endpoint({
  method: 'PUT',
  path: '/v1/site/application-stages',
  summary: 'Replace the stages: every application status exactly once, in the order the portal shows them',
  tags,
  access: update,
  body: replaceStagesBody,
  response: z.array(applicationStage),
});

/* Field options: one kind's whole list, disabled ones included. */

export const fieldOption = z.object({ value: z.string(), label: z.string(), enabled: z.boolean() });
export type FieldOption = z.infer<typeof fieldOption>;

export const fieldOptionInput = z.strictObject({ value: requiredString(100), label: requiredString(100), enabled: flag.default(true) });

export const replaceFieldOptionsBody = z
  .array(fieldOptionInput)
  .max(200, { error: siteSettingsMessages.optionCount })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((o, i) => {
      if (seen.has(o.value)) ctx.addIssue({ code: 'custom', path: [i, 'value'], message: siteSettingsMessages.optionTwice });
      seen.add(o.value);
    });
  });

const kindParams = z.object({ kind: z.enum(fieldOptionKinds, { error: messages.invalid }) });

export const listSiteFieldOptions = endpoint({
  method: 'GET',
  path: '/v1/site/settings/field-options',
  summary: "Every field option of the selected site per kind, disabled ones included, in order (the forms' picker: /v1/site/field-options)",
  tags,
  access: view,
  response: z.object(Object.fromEntries(fieldOptionKinds.map((k) => [k, z.array(fieldOption)])) as Record<FieldOptionKind, z.ZodArray<typeof fieldOption>>),
});

export const replaceFieldOptions = endpoint({
  method: 'PUT',
  path: '/v1/site/field-options/:kind',
  summary: "Replace one kind's options in order (values unique, at most 200); records keep the values they already store",
  tags,
  access: update,
  params: kindParams,
  body: replaceFieldOptionsBody,
  response: z.array(fieldOption),
});

/* Discount tiers: ranges of quantities from 1, without overlaps; the last may be open-ended. */

const quantity = z.number({ error: required }).int({ error: messages.invalid }).max(1_000_000, { error: messages.invalid });

export const tierInput = z.strictObject({
  min_quantity: quantity.min(1, { error: siteSettingsMessages.tierStart }),
  max_quantity: quantity.nullable(),
  discount_percent: z
    .number({ error: required })
    .min(0, { error: siteSettingsMessages.tierPercent })
    .max(100, { error: siteSettingsMessages.tierPercent })
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, { error: siteSettingsMessages.tierPercent }),
});

export const replaceTiersBody = z
  .array(tierInput)
  .max(20, { error: siteSettingsMessages.tierCount })
  .superRefine((list, ctx) => {
    const order = list.map((t, i) => ({ ...t, i })).sort((a, b) => a.min_quantity - b.min_quantity);
    order.forEach((t, n) => {
      if (t.max_quantity !== null && t.max_quantity < t.min_quantity)
        ctx.addIssue({ code: 'custom', path: [t.i, 'max_quantity'], message: siteSettingsMessages.tierOrder });
      if (n === 0) {
        if (t.min_quantity !== 1) ctx.addIssue({ code: 'custom', path: [t.i, 'min_quantity'], message: siteSettingsMessages.tierStart });
        return;
      }
      const before = order[n - 1]!;
      if (before.max_quantity === null) ctx.addIssue({ code: 'custom', path: [before.i, 'max_quantity'], message: siteSettingsMessages.tierOpen });
      else if (t.min_quantity <= before.max_quantity)
        ctx.addIssue({ code: 'custom', path: [t.i, 'min_quantity'], message: siteSettingsMessages.tierOverlap });
    });
  });

export const replaceDiscountTiers = endpoint({
  method: 'PUT',
  path: '/v1/site/discount-tiers',
  summary: "Replace the site's discount tiers; purchases and previews use them at once (percentages stored as basis points)",
  tags,
  access: update,
  body: replaceTiersBody,
  response: z.object({ price_per_credit_cents: z.number().int(), currency: z.string(), data: z.array(discountTier) }),
});

/* The site's content system (CMS) signs its editors in with a short-lived token from here (docs/cms-token.md). */

export const issueCmsToken = endpoint({
  method: 'POST',
  path: '/v1/cms/auth/token',
  summary: "A 5-minute signed token (HS256 JWT) for the selected site's content system, naming the caller, site and account",
  tags: ['settings', 'cms'],
  access: view,
  response: z.object({ token: z.string(), expires_at: timestamp }),
});

/**
 * A new random secret for the selected site's CMS to verify its tokens with; the old one stops working at once. The
 * secret is answered this once only, to be copied into the CMS's configuration.
 */
export const rotateCmsSecret = endpoint({
  method: 'POST',
  path: '/v1/cms/auth/secret',
  summary: "Replace the selected site's CMS secret with a new random one, answered this once",
  tags: ['settings', 'cms'],
  access: update,
  notWhileImpersonating: true,
  response: z.object({ secret: z.string(), rotated_at: timestamp }),
});
