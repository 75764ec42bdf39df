import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Every API route must declare who may call it (a subject and action, or an
 * explicit public opt-out), checked by a machine rather than by review.
 */
let t: TestApp;
const seen: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { before: (app) => app.addHook('onRoute', (r) => void seen.push(r)) });
});
afterAll(() => t.close());

// Documentation routes carry no data of anyone's.
const exempt = (url: string) => url.startsWith('/portal/docs');

it('every /portal route declares its access', () => {
  const api = seen.filter((r) => r.url.startsWith('/portal') && !exempt(r.url));
  expect(api.length).toBeGreaterThan(8);
  const undeclared = api
    .filter((r) => {
      const access = (r.config as { access?: { public?: boolean; seeker?: boolean; subject?: string; action?: string } } | undefined)?.access;
      return !access || !(access.public === true || access.seeker === true || (access.subject && access.action));
    })
    .map((r) => `${r.method} ${r.url}`);
  expect(undeclared).toEqual([]);
});

/*
 * `/v1/accounts/…` is what belongs to the account as a whole (its users, roles, sites, branding): a site or employer
 * role must never reach it, which only `level: 'account'` guarantees. `/v1/enterprise/…` likewise needs
 * `level: 'enterprise'` (ADR 006, 009). Forgetting the level would leave the endpoint judged in the selected scope.
 */
// Candidates' board sessions reach the board's candidate endpoints and nothing else.
it('only board routes take a candidate session', () => {
  const seekerRoutes = seen.filter((r) => (r.config as { access?: { seeker?: boolean } } | undefined)?.access?.seeker === true);
  expect(seekerRoutes.length).toBeGreaterThan(5);
  expect(seekerRoutes.filter((r) => !r.url.startsWith('/portal/v1/board/')).map((r) => r.url)).toEqual([]);
});

it('every account-wide and enterprise route declares its level', () => {
  const levelOf = (r: RouteOptions) => (r.config as { level?: string } | undefined)?.level;
  const wrong = seen
    .filter((r) => r.url.startsWith('/portal/v1/accounts/') || r.url.startsWith('/portal/v1/enterprise/'))
    .filter((r) => levelOf(r) !== (r.url.startsWith('/portal/v1/accounts/') ? 'account' : 'enterprise'))
    .map((r) => `${r.method} ${r.url} (${levelOf(r) ?? 'no level'})`);
  expect(wrong).toEqual([]);
  expect(seen.filter((r) => levelOf(r) === 'account').length).toBeGreaterThanOrEqual(16);
});
