import { asc } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '@hireline/contract/endpoint';
import { memberships, oauthProviders, roles, users } from '../db/schema/identity';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type Caller, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { userWith } from '../test/people';

/**
 * Who may give a role (DESIGN §10, ADR 014), on every path that gives, edits or assigns one. The paths come from the
 * server itself: every route whose contract entry says `givesRole` must have a case below (or the sweep fails and
 * says which), and every route whose body names a role, memberships, permissions or new users must say `givesRole`.
 * Each case is a caller who holds everything the endpoint asks for except one permission of the role involved
 * (`credits.create`): the answer is 403 and nothing in roles, memberships, users or providers changes.
 */

let t: TestApp;
let a: Tenant;
const seen: RouteOptions[] = [];
const ids: Record<string, string> = {};
let manager: Caller;
let employerAdmin: Caller;
let siteManager: Caller;

const LACKED = 'credits.create';

async function addRole(key: string, level: 'account' | 'employer', permissions: string[]) {
  const [row] = await t.deps.db
    .insert(roles)
    .values({ enterpriseId: a.enterpriseId, accountId: a.account.id, key, name: key, level, permissions })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { before: (app) => app.addHook('onRoute', (r) => void seen.push(r)) });
  a = await createTenant(t.deps.db, { name: 'Sweep' });
  // The roles the sweep tries to give: each holds the one permission the callers lack.
  ids.accountRole = await addRole('granter_account', 'account', ['users.view', LACKED]);
  ids.employerRole = await addRole('granter_employer', 'employer', ['jobs.view', LACKED]);
  // A role the account-level caller holds all of, to edit into one they do not.
  ids.heldRole = await addRole('viewer_account', 'account', ['dashboard.view']);
  // An account-level manager of people, roles and sign-in providers who cannot grant credits.
  const m = await userWith(t, a, ['users.all', 'accounts.all', 'dashboard.view'], 'account');
  manager = { token: m.token, accountId: a.account.id };
  const target = await userWith(t, a, ['dashboard.view'], 'account');
  ids.accountTarget = target.id;
  // The built-in employer admin, who does not hold credits.create either.
  employerAdmin = { token: await login(t.app, a.users.employerAdmin.email), accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id };
  siteManager = { token: await login(t.app, a.users.siteManager.email), accountId: a.account.id, siteId: a.sites[0].id };
  ids.employerTarget = (await userWith(t, a, ['jobs.view'], 'employer')).id;
  const admin = { token: await login(t.app, a.users.accountAdmin.email), accountId: a.account.id };
  const provider = await call(t.app, admin, {
    method: 'POST',
    url: '/portal/v1/accounts/oauth-providers',
    payload: { name: 'Corp', slug: 'corp', issuer: 'https://idp.example.test', client_id: 'c', client_secret: 's' },
  });
  expect(provider.statusCode, provider.body).toBe(201);
  ids.provider = provider.json().id;
}, 300_000);
afterAll(() => t.close());

interface Case {
  who: () => Caller;
  url: () => string;
  body: () => object | undefined;
}

const cases: Record<string, Case> = {
  'POST /v1/accounts/users': {
    who: () => manager,
    url: () => '/portal/v1/accounts/users',
    body: () => ({ email: 'sweep.invitee@example.test', name: 'Sweep', memberships: [{ scope: 'account', role: 'granter_account' }] }),
  },
  'PUT /v1/accounts/users/:user/memberships': {
    who: () => manager,
    url: () => `/portal/v1/accounts/users/${ids.accountTarget}/memberships`,
    body: () => ({ memberships: [{ scope: 'account', role: 'granter_account' }] }),
  },
  'POST /v1/accounts/roles': {
    who: () => manager,
    url: () => '/portal/v1/accounts/roles',
    body: () => ({ name: 'Sweep granter', level: 'account', permissions: ['dashboard.view', LACKED] }),
  },
  'PATCH /v1/accounts/roles/:id': {
    who: () => manager,
    url: () => `/portal/v1/accounts/roles/${ids.heldRole}`,
    body: () => ({ permissions: ['dashboard.view', LACKED] }),
  },
  'DELETE /v1/accounts/roles/:id': {
    who: () => manager,
    url: () => `/portal/v1/accounts/roles/${ids.accountRole}`,
    body: () => undefined,
  },
  'POST /v1/employers/:employer/users': {
    who: () => employerAdmin,
    url: () => `/portal/v1/employers/${a.employers[0].id}/users`,
    body: () => ({ email: 'sweep.employee@example.test', name: 'Sweep', role: 'granter_employer' }),
  },
  'PATCH /v1/employers/:employer/users/:user': {
    who: () => employerAdmin,
    url: () => `/portal/v1/employers/${a.employers[0].id}/users/${ids.employerTarget}`,
    body: () => ({ role: 'granter_employer' }),
  },
  'POST /v1/accounts/oauth-providers': {
    who: () => manager,
    url: () => '/portal/v1/accounts/oauth-providers',
    body: () => ({
      name: 'Sweep',
      slug: 'sweep',
      issuer: 'https://idp.example.test',
      client_id: 'c',
      client_secret: 's',
      new_users: { role: 'granter_account' },
    }),
  },
  'PATCH /v1/accounts/oauth-providers/:id': {
    who: () => manager,
    url: () => `/portal/v1/accounts/oauth-providers/${ids.provider}`,
    body: () => ({ new_users: { role: 'granter_account' } }),
  },
};

const routes = () =>
  seen
    .filter((r) => r.method !== 'HEAD' && r.config?.endpoint)
    .map((r) => r.config!.endpoint!)
    .filter((e, i, all) => all.findIndex((o) => o.method === e.method && o.path === e.path) === i);
const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;

/** The body's field names, through refinements and pipes. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  const s = schema as unknown as { shape?: Record<string, unknown>; in?: unknown; def?: { in?: unknown } } | undefined;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  return fieldsOf((s.in ?? s.def?.in) as z.ZodType | undefined);
}

/** Everything a role change could touch, as one comparable string. */
async function snapshot() {
  const db = t.deps.db;
  const [r, m, u, p] = await Promise.all([
    db.select({ id: roles.id, permissions: roles.permissions, name: roles.name }).from(roles).orderBy(asc(roles.id)),
    db.select({ id: memberships.id, roleId: memberships.roleId, acceptedAt: memberships.acceptedAt }).from(memberships).orderBy(asc(memberships.id)),
    db.select({ id: users.id, password: users.passwordHash, enabled: users.enabled }).from(users).orderBy(asc(users.id)),
    db.select({ id: oauthProviders.id, role: oauthProviders.newUserRoleId }).from(oauthProviders).orderBy(asc(oauthProviders.id)),
  ]);
  return JSON.stringify({ r, m, u, p });
}

describe('who may give a role, swept over the contract', () => {
  it('marks every route whose body gives a role, and has a case for every marked route', () => {
    const unmarked = routes().filter((e) => !e.givesRole && fieldsOf(e.body).some((f) => ['role', 'memberships', 'permissions', 'new_users'].includes(f)));
    expect(unmarked.map(keyOf), 'bodies that name a role must declare givesRole in the contract').toEqual([]);
    const marked = routes().filter((e) => e.givesRole).map(keyOf);
    expect(marked.filter((k) => !cases[k]), 'add a case for each to `cases`').toEqual([]);
    expect(marked.sort()).toEqual(Object.keys(cases).sort());
  });

  it('answers 403 and changes nothing for a caller lacking one permission of the role, on every such route', async () => {
    const outcomes: string[] = [];
    for (const e of routes().filter((r) => r.givesRole)) {
      const c = cases[keyOf(e)]!;
      const before = await snapshot();
      const body = c.body();
      const res = await call(t.app, c.who(), { method: e.method, url: c.url(), ...(body ? { payload: body } : {}) });
      if (res.statusCode !== 403) outcomes.push(`${keyOf(e)}: ${res.statusCode} ${res.body}`);
      if ((await snapshot()) !== before) outcomes.push(`${keyOf(e)}: changed something`);
    }
    expect(outcomes).toEqual([]);
  });

  it('lets a caller who holds every permission give the same role: the site manager gives the employer roles', async () => {
    for (const role of ['granter_employer', 'employer_admin', 'employer_user']) {
      const res = await call(t.app, siteManager, {
        method: 'POST',
        url: `/portal/v1/employers/${a.employers[0].id}/users`,
        payload: { email: `given.${role}@example.test`, name: 'Given', role },
      });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(201);
    }
  });
});
