import { randomBytes } from 'node:crypto';
import { messages } from '@hireline/contract/messages';
import { formKeys, type FormKey, type SiteSettingsDocument, type SiteSettingsPatch } from '@hireline/contract/site-settings';
import type { FormSetting, SiteSettings } from '../../db/defaults';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { settingsOf } from '../../platform/board-forms';
import { conflict, invalid } from '../../platform/errors';
import { refusedUrlMessage } from '../../platform/outbound-http';
import type { ResolvedScope } from '../../platform/scope';
import * as repo from './settings.repo';
import { settingsAudit, siteOf, type SiteRef } from './settings-scope';
import { settingsMessages } from '@hireline/contract/admin-messages';

/* The selected site's settings: name, time zone, locale, approvals, price per credit, and the board's forms. */

/** What the settings endpoints answer besides the contract's messages. */
export { settingsMessages };


const presentForm = (f: FormSetting) => ({ enabled: f.enabled, handler: f.handler, url: f.url ?? null, has_secret: Boolean(f.secret) });

/** The settings as the portal shows them: never a webhook's secret, only whether it has one. */
export function present(name: string, s: SiteSettings): SiteSettingsDocument {
  return {
    name,
    timezone: s.timezone,
    locale: s.locale,
    job_approval_required: s.job_approval_required,
    employer_approval_required: s.employer_approval_required,
    price_per_credit_cents: s.price_per_credit_cents,
    currency: s.currency,
    forms: Object.fromEntries(formKeys.map((k) => [k, presentForm(s.forms[k])])) as SiteSettingsDocument['forms'],
  };
}

/** A webhook's signing secret (HMAC key of the POSTs the board sends it). */
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export async function getSettings(deps: AppDeps, scope: ResolvedScope) {
  const row = await repo.siteSettingsOf(deps.db, siteOf(scope));
  return present(row.name, settingsOf(row.settings));
}

type Scalar = Exclude<keyof SiteSettings, 'forms'>;
const scalars: Scalar[] = ['timezone', 'locale', 'job_approval_required', 'employer_approval_required', 'price_per_credit_cents', 'currency'];

/**
 * One form after the change, checked as a whole (the stored URL counts when only the handler is sent): a webhook
 * needs an https URL, and gets a signing secret the first time it becomes one.
 */
function nextForm(current: FormSetting, sent: NonNullable<SiteSettingsPatch['forms']>[FormKey], errors: Record<string, string[]>, key: FormKey) {
  const next: FormSetting = { ...current };
  if (sent?.enabled !== undefined) next.enabled = sent.enabled;
  if (sent?.handler !== undefined) next.handler = sent.handler;
  if (sent?.url !== undefined) next.url = sent.url;
  let generated: string | null = null;
  if (next.handler === 'webhook') {
    if (!next.url) errors[`forms.${key}.url`] = [messages.noFormUrl];
    else if (!/^https:\/\//i.test(next.url)) errors[`forms.${key}.url`] = [messages.invalidFormUrl];
    if (!next.secret) next.secret = generated = newSecret();
  }
  return { next, generated };
}

/**
 * Webhook URLs sent whose host is (or resolves to) an address the server never connects to, as field errors: looked up
 * before the transaction (DNS is slow) and said at save time; the outbound client refuses them again when posting.
 */
async function refusedWebhooks(deps: AppDeps, b: SiteSettingsPatch) {
  const errors: Record<string, string[]> = {};
  for (const key of formKeys) {
    const url = b.forms?.[key]?.url;
    if (url && /^https:\/\//i.test(url) && (await deps.outbound.refusal(url))) errors[`forms.${key}.url`] = [refusedUrlMessage];
  }
  return errors;
}

export async function updateSettings(deps: AppDeps, scope: ResolvedScope, actor: Actor, b: SiteSettingsPatch) {
  const s = siteOf(scope);
  const refused = await refusedWebhooks(deps, b);
  const result = await deps.db.transaction(async (tx) => {
    const row = await repo.siteSettingsOf(tx, s, { lock: true });
    const current = settingsOf(row.settings);
    const next: SiteSettings = { ...current, forms: { ...current.forms } };
    const changed: string[] = [];
    const name = b.name !== undefined && b.name !== row.name ? b.name : undefined;
    if (name !== undefined) changed.push('name');
    for (const key of scalars) {
      const value = b[key];
      if (value === undefined || value === current[key]) continue;
      (next as unknown as Record<Scalar, unknown>)[key] = value;
      changed.push(key);
    }
    const errors: Record<string, string[]> = { ...refused };
    const generated: Partial<Record<FormKey, string>> = {};
    for (const key of formKeys) {
      if (!b.forms?.[key]) continue;
      const { next: form, generated: secret } = nextForm(current.forms[key], b.forms[key], errors, key);
      if (secret) generated[key] = secret;
      if (JSON.stringify(form) !== JSON.stringify(current.forms[key])) {
        next.forms[key] = form;
        changed.push(`forms.${key}`);
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
    if (changed.length) {
      await repo.saveSiteSettings(tx, s, { name, settings: next });
      if (next.currency !== current.currency) await repo.setProductsCurrency(tx, s, next.currency);
      await audit(tx, settingsAudit(actor, s.accountId, 'settings.update', { type: 'site', id: s.siteId }, { keys: changed }));
    }
    return { document: present(name ?? row.name, next), generated, changed };
  });
  // The board's branding shows the site's name and locale.
  if (result.changed.includes('name') || result.changed.includes('locale')) deps.branding.invalidate();
  return { ...result.document, generated_secrets: result.generated };
}

/** A new secret for a webhook form, answered once; the form's earlier secret stops verifying. */
export async function rotateSecret(deps: AppDeps, scope: ResolvedScope, actor: Actor, form: FormKey) {
  const s: SiteRef = siteOf(scope);
  return deps.db.transaction(async (tx) => {
    const row = await repo.siteSettingsOf(tx, s, { lock: true });
    const current = settingsOf(row.settings);
    if (current.forms[form].handler !== 'webhook') throw conflict(settingsMessages.notWebhook);
    const secret = newSecret();
    await repo.saveSiteSettings(tx, s, { settings: { ...current, forms: { ...current.forms, [form]: { ...current.forms[form], secret } } } });
    await audit(tx, settingsAudit(actor, s.accountId, 'settings.secret_rotate', { type: 'site', id: s.siteId }, { form }));
    return { form, secret };
  });
}
