import { brandingDefaults } from '@hireline/contract/branding';
import { messages } from '@hireline/contract/messages';
import { loopbackStylesheet, siteMessages, type AccountBranding } from '@hireline/contract/sites';
import type { Branding } from '../../db/schema/tenancy';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { signedFileUrl } from '../../platform/files';
import { settingsAudit } from './settings-scope';
import * as repo from './sites.repo';

/*
 * The account's branding document (spec §3), as its admins edit it. Uploaded images are stored as `file:<id>`, which
 * the public branding endpoint (modules/branding) turns into signed URLs; that endpoint's cache is cleared on change.
 */

export interface BrandingPatch {
  colors?: { primary_color?: string; primary_darken_color?: string };
  logo_file_id?: string | null;
  favicon_file_id?: string | null;
  stylesheet?: { path: string | null };
  login?: Record<string, string>;
  forgot_password?: Record<string, string>;
  register?: Record<string, string>;
}

const sections = ['login', 'forgot_password', 'register'] as const;

const fileIdOf = (value: string | null | undefined) => (value?.startsWith('file:') ? value.slice(5) : null);

function image(secret: string, value: string | null | undefined) {
  if (!value) return null;
  const id = fileIdOf(value);
  return id ? { file_id: id, url: signedFileUrl(secret, id) } : { file_id: null, url: value };
}

const textsOf = (section: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((section ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));

export function present(secret: string, b: Branding): AccountBranding {
  return {
    colors: {
      primary_color: b.colors?.primary_color ?? brandingDefaults.primary_color,
      primary_darken_color: b.colors?.primary_darken_color ?? brandingDefaults.primary_darken_color,
    },
    logo: image(secret, b.logo),
    favicon: image(secret, b.favicon),
    stylesheet: { path: b.stylesheet?.path ?? null },
    login: textsOf(b.login),
    forgot_password: textsOf(b.forgot_password),
    register: textsOf(b.register),
  };
}

export async function getBranding(deps: AppDeps, accountId: string, actor: Actor) {
  const branding = await repo.brandingOf(deps.db, actor.enterpriseId, accountId);
  if (!branding) throw notFound();
  return present(deps.config.appSecret, branding);
}

export async function updateBranding(deps: AppDeps, accountId: string, actor: Actor, b: BrandingPatch) {
  // http on loopback is for a stylesheet served on the developer's own machine (or a test's); no visitor could load it.
  const path = b.stylesheet?.path;
  if (path && loopbackStylesheet.test(path) && deps.config.env === 'production') throw invalid({ 'stylesheet.path': [siteMessages.stylesheet] });
  const result = await deps.db.transaction(async (tx) => {
    const current = await repo.brandingOf(tx, actor.enterpriseId, accountId, { lock: true });
    if (!current) throw notFound();
    const next: Branding = { ...current };
    const errors: Record<string, string[]> = {};
    // An image already in use is not re-checked; a new one must be the account's own upload for a logo.
    for (const [field, key] of [['logo_file_id', 'logo'], ['favicon_file_id', 'favicon']] as const) {
      const id = b[field];
      if (id === undefined) continue;
      if (id !== null && id !== fileIdOf(current[key]) && !(await repo.logoOfAccount(tx, accountId, id))) errors[field] = [messages.invalid];
      next[key] = id === null ? null : `file:${id}`;
    }
    if (Object.keys(errors).length) throw invalid(errors);
    if (b.colors) next.colors = { ...current.colors, ...b.colors };
    if (b.stylesheet) next.stylesheet = { path: b.stylesheet.path };
    for (const key of sections) if (b[key]) next[key] = b[key];
    const fields = Object.keys(b).filter((k) => b[k as keyof BrandingPatch] !== undefined);
    if (JSON.stringify(next) !== JSON.stringify(current)) {
      await repo.setBranding(tx, accountId, next);
      await audit(tx, settingsAudit(actor, accountId, 'branding.update', { type: 'account', id: accountId }, { fields }));
      return { branding: next, changed: true };
    }
    return { branding: next, changed: false };
  });
  if (result.changed) deps.branding.invalidate();
  return present(deps.config.appSecret, result.branding);
}
