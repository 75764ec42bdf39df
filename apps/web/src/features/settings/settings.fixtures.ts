import { expect } from 'vitest';
import type { ApplicationStage } from '@hireline/contract/applications';
import { applicationStatuses } from '@hireline/contract/enums';
import type { SiteProduct } from '@hireline/contract/site-products';
import type { SiteSettingsDocument } from '@hireline/contract/site-settings';
import type { AccountBranding } from '@hireline/contract/sites';
import { mountApp } from '../../test/app-harness';
import { A, fakeApi, S, type FakeApi, type Handler } from '../../test/site-fixtures';
import { waitFor } from '../../test/wait';

/*
 * Shared by the settings tests: the whole app on `acme/jobs`, signed in with permissions at the site or at the
 * account (account admins), and the site's settings, tiers, stages, products and branding behind a fake API.
 */

export { buttons, byText, cleanup, dialog, find, main, type } from '../../test/site-fixtures';
export { labelled } from '../../test/app-harness';
export { A, S };

export const SETTINGS: SiteSettingsDocument = {
  name: 'Acme Jobs',
  timezone: 'Europe/Paris',
  locale: 'en-US',
  job_approval_required: true,
  employer_approval_required: false,
  price_per_credit_cents: 4900,
  currency: 'USD',
  forms: {
    application: { enabled: true, handler: 'internal', url: null, has_secret: false },
    employer_registration: { enabled: true, handler: 'internal', url: null, has_secret: false },
    job_report: { enabled: true, handler: 'webhook', url: 'https://hooks.acme.test/report', has_secret: true },
    feedback: { enabled: false, handler: 'internal', url: null, has_secret: false },
  },
};

export const TIERS = {
  price_per_credit_cents: 4900,
  currency: 'USD',
  data: [
    { id: 't1', min_quantity: 1, max_quantity: 9, discount_percent: 0 },
    { id: 't2', min_quantity: 10, max_quantity: null, discount_percent: 10 },
  ],
};

export const STAGES: ApplicationStage[] = applicationStatuses.map((status, position) => ({
  status,
  label: status[0]!.toUpperCase() + status.slice(1),
  color: '#7367f0',
  position,
  visible: true,
  email_admin: false,
  email_consultants: position > 2,
  email_candidate: position > 4,
}));

export const PRODUCTS: SiteProduct[] = [
  {
    id: '00000000-0000-4000-8000-000000000901',
    name: 'Standard',
    description: null,
    duration_days: 30,
    featured: false,
    price_cents: 4900,
    currency: 'USD',
    enabled: true,
    position: 0,
    jobs_count: 3,
  },
];

export const BRANDING: AccountBranding = {
  colors: { primary_color: '#a02fff', primary_darken_color: '#ff5b5b' },
  logo: null,
  favicon: null,
  stylesheet: { path: null },
  login: { title: 'Welcome to Acme', legal: 'Staff only' },
  forgot_password: {},
  register: {},
};

/** The account's email sender: none of its own yet, so the deployment's address. */
export const SENDER = { mail_from_address: null, mail_reply_to: null, default_from_address: 'no-reply@hireline.test' };

/** The account's retention periods: the defaults. */
export const RETENTION = { audit_days: 730, mail_days: 90, notification_days: 365, application_days: 730, candidate_days: 1095 };

/** The portal's branding for this host (GET /portal/accounts/branding), as the account's after a change. */
export const hostBranding = (primary: string) => ({
  id: A,
  name: 'Acme',
  title: 'Acme Careers',
  branding: {
    colors: { primary_color: primary, primary_darken_color: '#ff5b5b' },
    stylesheet: { path: null },
    favicon: null,
    logo: null,
    login: {},
    forgot_password: {},
    register: {},
  },
  settings: { is_board: false, account_id: A, site_id: null, locale: 'en-US', multi_language: false },
  logo_square: null,
});

/** Answers the settings page's reads (each overridable by `routes`, which answers first). */
export function settingsApi(routes: Handler = () => undefined): FakeApi {
  return fakeApi(routes, (method, url) => {
    if (method !== 'GET') return undefined;
    switch (url.pathname) {
      case '/portal/v1/site/settings':
        return SETTINGS;
      case '/portal/v1/credit/discount-tiers':
        return TIERS;
      case '/portal/v1/site/application-stages':
        return STAGES;
      case '/portal/v1/site/settings/products':
        return PRODUCTS;
      case '/portal/v1/accounts/branding':
        return BRANDING;
      case '/portal/v1/accounts/mail-sender':
        return SENDER;
      case '/portal/v1/accounts/retention':
        return RETENTION;
      default:
        return undefined;
    }
  });
}

const user = (permissions: Record<string, string[]>) => ({
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'manager@acme.test',
  avatar: null,
  permissions,
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
});

/** A site manager (settings at the site only): no branding tab. */
export const SITE_MANAGER = { [`site:${S}`]: ['settings.view', 'settings.update'] };
/** An account admin: everything at the account, branding included. */
export const ACCOUNT_ADMIN = { [`account:${A}`]: ['all'] };

export function openSettings(path: string, permissions: Record<string, string[]> = SITE_MANAGER) {
  return mountApp(path, { user: user(permissions), scope: { accountId: A, siteId: S, employerId: null } });
}

/** The JSON bodies sent as `METHOD /portal/path`. */
export const bodiesOf = (calls: string[], request: string) =>
  calls.filter((c) => c.startsWith(`${request} `)).map((c) => JSON.parse(c.slice(request.length + 1)) as unknown);

/** The button named `name` (its text or aria-label), once it is there. */
export function button(name: string, scope: ParentNode = document): Promise<HTMLButtonElement> {
  return waitFor(
    () => {
      const found = [...scope.querySelectorAll<HTMLButtonElement>('button')].find(
        (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
      );
      if (!found) throw new Error(`No button ${name}`);
      return found;
    },
  );
}

/** The input of a switch or checkbox labelled `label` (MUI wraps it in its label). */
export function toggle(label: string, scope: ParentNode = document): HTMLInputElement {
  const found = [...scope.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.querySelector('input');
  if (!found) throw new Error(`No switch ${label}`);
  return found;
}

/** The snackbar's message, once it says `text`. */
export async function expectSnackbar(text: string) {
  await waitFor(() => expect(document.querySelector('.MuiSnackbar-root')?.textContent).toContain(text));
}
