import { vi } from 'vitest';
import type { CreditBalance, DiscountTier, LedgerEntry, Purchase, PurchasePreview } from '@hireline/contract/credits';
import { priceFor } from '@hireline/contract/pricing';
import type { CurrentUser } from '../../lib/current-user';
import type { Scope } from '../../lib/session';
import { json, mountApp, type, unmountApp } from '../../test/app-harness';

/* The whole app around the credit screens, signed in, with a fake API behind fetch (not a test file itself). */

export const A = '00000000-0000-4000-8000-00000000000a';
export const S = '00000000-0000-4000-8000-0000000000a1';
export const E = '00000000-0000-4000-8000-0000000000e1';
export const E2 = '00000000-0000-4000-8000-0000000000e2';
export const J = '00000000-0000-4000-8000-0000000000f1';
export const PU = '00000000-0000-4000-8000-0000000000c1';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const accounts = (employers: { id: string; name: string }[]) => [
  { id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers }] },
];

/** Employer staff of one employer, who may buy credits (the employer is selected for them). */
export const employerUser: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Erin Employer',
  email: 'erin@acme.test',
  avatar: null,
  permissions: { [`employer:${E}`]: ['credits.view', 'credits.purchase', 'jobs.view'] },
  accounts: accounts([{ id: E, name: 'Acme Pty Ltd' }]),
};

/** A site manager: sees every employer's credits, grants and revokes them, and must choose an employer first. */
export const manager: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000004',
  name: 'Sofia Martinez',
  email: 'manager@acme.test',
  avatar: null,
  permissions: { [`site:${S}`]: ['credits.all', 'jobs.view'] },
  accounts: accounts([]),
};

export const tiers: DiscountTier[] = [
  { id: '00000000-0000-4000-8000-0000000000d1', min_quantity: 10, max_quantity: 49, discount_percent: 10 },
  { id: '00000000-0000-4000-8000-0000000000d2', min_quantity: 50, max_quantity: null, discount_percent: 12.5 },
];

export const balance = (over: Partial<CreditBalance> = {}): CreditBalance => ({
  employer: { id: E, name: 'Acme Pty Ltd' },
  balance: 5,
  price_per_credit_cents: 500,
  currency: 'USD',
  ...over,
});

/** The price the API would answer (same contract pricing). */
export function preview(quantity: number): PurchasePreview {
  const bpsTiers = tiers.map((t) => ({ ...t, discount_bps: t.discount_percent * 100 }));
  const p = priceFor(bpsTiers, 500, quantity);
  const tier = tiers.find((t) => t.id === p.tier?.id) ?? null;
  return {
    quantity,
    currency: 'USD',
    unit_price_cents: 500,
    tier,
    discount_percent: tier?.discount_percent ?? 0,
    subtotal_cents: p.subtotal_cents,
    discount_cents: p.discount_cents,
    total_cents: p.total_cents,
    savings_cents: p.discount_cents,
  };
}

export function purchase(over: Partial<Purchase> = {}): Purchase {
  return {
    ...preview(25),
    // The API keeps the discount applied, not the tier (tiers change).
    tier: null,
    id: PU,
    status: 'paid',
    purpose: 'credits',
    provider: 'sandbox',
    employer: { id: E, name: 'Acme Pty Ltd' },
    site: { id: S, name: 'Acme Jobs' },
    buyer: { id: employerUser.id, name: 'Erin Employer' },
    job: null,
    balance: 30,
    created_at: '2025-03-01T10:00:00.000Z',
    paid_at: '2025-03-01T10:01:00.000Z',
    ...over,
  };
}

export function entry(n: number, over: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`,
    created_at: '2025-03-01T10:00:00.000Z',
    action: 'grant',
    credit_amount: 1,
    balance: 5,
    reference: null,
    reason: null,
    actor: null,
    ...over,
  };
}

export interface Call {
  method: string;
  /** Path and query, e.g. `/portal/v1/credit/ledgers?page=1`. */
  url: string;
  body: unknown;
  headers: Headers;
}

export type Routes = (call: Call) => Response | unknown;

/** `routes` answers first (undefined passes), then the credit defaults below, then 404. */
export function fakeApi(routes: Routes = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const call: Call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      const answer = routes(call);
      if (answer instanceof Response) return answer;
      if (answer !== undefined) return json(200, answer);
      const path = url.split('?')[0];
      if (call.method === 'GET' && path === '/portal/v1/credit/balance') return json(200, balance());
      if (call.method === 'GET' && path === '/portal/v1/credit/discount-tiers')
        return json(200, { price_per_credit_cents: 500, currency: 'USD', data: tiers });
      if (call.method === 'GET' && path === '/portal/v1/credit/credit-actions')
        return json(200, { data: ['purchase', 'post', 'refund', 'grant', 'revoke', 'expire'].map((value) => ({ value, label: value })) });
      if (call.method === 'GET' && path === '/portal/v1/credit/ledgers') return json(200, { data: [], meta: { page: 1, per_page: 25, total: 0 } });
      if (call.method === 'GET' && path === '/portal/v1/credit/purchase/preview') {
        const quantity = Number(new URL(url, 'http://portal.test').searchParams.get('quantity'));
        return json(200, preview(quantity));
      }
      return json(404, { message: 'Not found.' });
    }),
  );
  return { calls, of: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path) };
}

/** Opens `path` signed in as `user` (the employer user by default, whose employer is selected). */
export function openApp(path: string, user: CurrentUser = employerUser, scope?: Scope, ready = 'main h1') {
  return mountApp(path, { user, scope: scope ?? { accountId: A, siteId: S, employerId: user === employerUser ? E : null }, ready });
}

/** Unmounts and forgets the fake API, and puts back what a test spied on (window.location.assign…). */
export function cleanup() {
  unmountApp();
  vi.restoreAllMocks();
  sessionStorage.clear();
}
export { json, type };

export const text = () => document.body.textContent ?? '';
export const all = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => [...root.querySelectorAll<T>(selector)];
/** A button or link by its visible text (or aria-label). */
export function control(name: string, root: ParentNode = document): HTMLElement {
  const found = all('button, a', root).find((el) => el.textContent?.trim() === name || el.getAttribute('aria-label') === name);
  if (!found) throw new Error(`No button or link "${name}"`);
  return found;
}
export const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
