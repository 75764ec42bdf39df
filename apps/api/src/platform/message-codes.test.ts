import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminLists from '@hireline/contract/admin-messages';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { employerRegistrationMessages } from '@hireline/contract/board-employers';
import { siteSlugMessages } from '@hireline/contract/common';
import { emailTemplateMessages } from '@hireline/contract/email-templates';
import { impersonationMessages } from '@hireline/contract/impersonation';
import { invitationMessages } from '@hireline/contract/invitations';
import { describeMessage, messageCatalog } from '@hireline/contract/message-codes';
import { messages } from '@hireline/contract/messages';
import { mfaMessages } from '@hireline/contract/mfa';
import { siteSettingsMessages } from '@hireline/contract/site-settings';
import { siteDomainMessages, siteMessages } from '@hireline/contract/sites';
import { ssoMessages } from '@hireline/contract/sso';
import { accountClient, client, site1 } from '../test/client';
import { balanceOf, grantCredits } from '../test/credits';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { addProduct, completeJob } from '../test/jobs';
import { login } from '../test/login';
import { addEnterpriseAdmin, userWith } from '../test/people';

/* Every error answer names its message by the catalogue's code, so clients translate codes rather than English. */

const lists: Record<string, object> = {
  messages,
  mfaMessages,
  ssoMessages,
  siteSlugMessages,
  siteMessages,
  siteDomainMessages,
  siteSettingsMessages,
  candidateMessages,
  employerRegistrationMessages,
  emailTemplateMessages,
  impersonationMessages,
  invitationMessages,
  ...adminLists,
};

/** Sample arguments of the lists' functions, by name: a count, or a list of names. */
const counts = new Set(['fileTooLarge', 'maxLength', 'minLength', 'revokeOverBalance']);

/** Every English string a list can give: its strings, and its functions called with sample arguments. */
function englishOf(value: unknown, name = ''): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => string;
    if (fn.length === 2) return [fn('job_title', ['site_name', 'recipient_name'])];
    return counts.has(name) ? [fn(3), fn(1)] : [fn(['a', 'b'])];
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => englishOf(v, key));
  return [];
}

describe('the message lists', () => {
  it('are all in the catalogue', () => {
    const missing = Object.entries(lists).flatMap(([name, list]) => englishOf(list).filter((m) => !describeMessage(m)).map((m) => `${name}: ${m}`));
    expect(missing).toEqual([]);
    expect(englishOf(lists).length).toBeGreaterThan(150);
  });
});

/** Non-test .ts files of the API. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.(test|pg-test|fixtures)\.ts$/.test(name) ? [path] : [];
  });
}

const literal = String.raw`(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|\x60((?:[^\x60\\]|\\.)*)\x60)`;

describe('the API source', () => {
  it('answers no English sentence the catalogue cannot name', () => {
    const calls = [
      new RegExp(String.raw`new HttpError\(\s*\d+,\s*${literal}`, 'g'),
      new RegExp(String.raw`\bconflict\(\s*${literal}`, 'g'),
      // A field's list of messages, in `invalid({...})` or in an errors object built before it.
      new RegExp(String.raw`(?:\binvalid\(\{[^)]*?|errors(?:\.\w+|\[[^\]]+\])\s*=\s*)\[\s*${literal}`, 'g'),
    ];
    const found: string[] = [];
    for (const file of sources(join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of calls) {
        for (const m of text.matchAll(pattern)) {
          const raw = m[1] ?? m[2] ?? m[3] ?? '';
          // A template's `${…}` stands for a value: it must still read as one of the catalogue's parameters.
          const english = raw.replace(/\$\{[^}]*\}/g, '7');
          if (!describeMessage(english)) found.push(`${file}: ${raw}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('finds such sentences (the scan above is not empty by accident)', () => {
    const pattern = new RegExp(String.raw`\bconflict\(\s*${literal}`);
    expect(pattern.exec(`throw conflict('An unheard-of sentence.')`)?.[1]).toBe('An unheard-of sentence.');
    expect(describeMessage('An unheard-of sentence.')).toBeUndefined();
  });
});

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Coded' });
});
afterAll(() => t.close());

describe('error answers', () => {
  it('404, 401 and 403 carry their codes', async () => {
    const admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
    const missing = await admin.get(`/v1/jobs/${crypto.randomUUID()}/detail`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.notFound, code: 'not_found' });

    const anonymous = await call(t.app, { accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url: '/portal/v1/jobs' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: messages.unauthenticated, code: 'unauthenticated' });

    const viewer = await userWith(t, a, ['dashboard.view']);
    const refused = await client(t, viewer.token, site1(a)).get('/v1/consultants');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.unauthorized, code: 'unauthorized' });
  });

  it('422 names each field error beside the unchanged English, with its parameters', async () => {
    const admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
    const res = await admin.post('/v1/consultants', { name: 'x'.repeat(121), user_id: a.users.noRole.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: messages.givenDataInvalid,
      code: 'given_data_invalid',
      errors: {
        name: ['This value may not be greater than 120 characters.'],
        site_ids: [messages.required],
        user_id: ['This field is not allowed.'],
      },
      error_codes: {
        name: [{ code: 'max_length', params: { max: 120 } }],
        site_ids: [{ code: 'required' }],
        user_id: [{ code: 'not_allowed' }],
      },
    });
  });

  it('402 keeps its code; 409 is a conflict', async () => {
    const admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
    const product = await addProduct(t, a, { durationDays: 14 });
    const draft = await admin.post('/v1/jobs', completeJob(a, product.id));
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as string;
    const balance = await balanceOf(t, a.employers[0].id);
    if (balance) await grantCredits(t, a.employers[0].id, -balance);

    const broke = await admin.post(`/v1/jobs/${id}/post`, {});
    expect(broke.statusCode).toBe(402);
    expect(broke.json()).toEqual({ message: messages.insufficientCredits, code: 'insufficient_credits' });

    await grantCredits(t, a.employers[0].id, 1);
    expect((await admin.post(`/v1/jobs/${id}/post`, {})).statusCode).toBe(200);
    const again = await admin.post(`/v1/jobs/${id}/post`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.conflict, code: 'conflict' });
  });

  it("a module's message carries its module code", async () => {
    const boss = await addEnterpriseAdmin(t, a, `boss.${a.account.slug}@example.test`);
    const staff = accountClient(t, boss.token, a.account.id);
    const res = await staff.post(`/v1/accounts/users/${a.users.accountAdmin.id}/disable`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message: messageCatalog['users.last_admin'], code: 'users.last_admin' });
  });

  it('a route nobody serves is a coded 404 too', async () => {
    const res = await call(t.app, {}, { method: 'GET', url: '/nowhere/at/all' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.notFound, code: 'not_found' });
  });
});
