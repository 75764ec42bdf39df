import { vi } from 'vitest';
import { mountApp, type, unmountApp } from './app-harness';
import { waitFor } from './wait';

/*
 * Shared by the site pages' component tests (jobs, applications, seekers): the whole app with a signed-in site user
 * on `acme/jobs`, and a fake API behind fetch. Each feature's fixtures add its records and its answers.
 */

export const A = '00000000-0000-4000-8000-00000000000a';
export const S = '00000000-0000-4000-8000-0000000000a1';
export const EMPLOYER = { id: '00000000-0000-4000-8000-000000000301', name: 'Acme Logistics' };

/** The site's field options with one work type; a feature's fixtures add the ones its screens show. */
export const FIELD_OPTIONS = {
  work_type: [{ value: 'full_time', label: 'Full time' }],
  pay_type: [],
  classification: [],
  industry: [],
  employer_size: [],
  visa_type: [],
  apply_type: [],
};

export type Handler = (method: string, url: URL, body: unknown, headers: Headers) => unknown;
export interface FakeApi {
  /** `METHOD /path?query` of every request, with ` <json body>` when it had one. */
  calls: string[];
}

/** A fake API: each handler in turn answers (undefined passes to the next), then the lookups (employers), then 404. */
export function fakeApi(...handlers: Handler[]): FakeApi {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init?.method ?? 'GET';
      const raw = typeof init?.body === 'string' ? init.body : undefined;
      calls.push(`${method} ${url.pathname}${url.search}${raw ? ` ${raw}` : ''}`);
      for (const handler of handlers) {
        const answer = handler(method, url, raw ? (JSON.parse(raw) as unknown) : undefined, new Headers(init?.headers));
        if (answer instanceof Response) return answer;
        if (answer !== undefined) return Response.json(answer);
      }
      if (url.pathname.startsWith('/portal/v1/site/lookups/')) return Response.json([EMPLOYER]);
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return { calls };
}

/** Answers the field options request with `options`. */
export const fieldOptions =
  (options: typeof FIELD_OPTIONS | Record<keyof typeof FIELD_OPTIONS, unknown[]>): Handler =>
  (_method, url) =>
    url.pathname === '/portal/v1/site/field-options' ? options : undefined;

export const cleanup = unmountApp;

/** Opens `path` in the whole app as a site user holding `permissions` on the site `acme/jobs`. */
export function openApp(path: string, permissions: string[]) {
  return mountApp(path, {
    user: {
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Sofia Martinez',
      email: 'manager@acme.test',
      avatar: null,
      permissions: { [`site:${S}`]: permissions },
      accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
    },
    scope: { accountId: A, siteId: S, employerId: null },
  });
}

export { type };

export const buttons = (scope: ParentNode = document) =>
  [...scope.querySelectorAll<HTMLElement>('button, [role="button"], a, [role="tab"], [role="menuitem"]')];
export const byText = (text: string, scope: ParentNode = document) => buttons(scope).find((b) => b.textContent?.trim() === text);
export const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
export const main = () => document.querySelector('main')!;

/** The first element matching `selector`, once it is there. */
export function find<T extends HTMLElement = HTMLElement>(selector: string, scope: ParentNode = document): Promise<T> {
  return waitFor(
    () => {
      const el = scope.querySelector<T>(selector);
      if (!el) throw new Error(`Nothing matches ${selector}`);
      return el;
    },
  );
}
