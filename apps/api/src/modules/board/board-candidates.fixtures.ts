import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { sessions } from '../../db/schema/identity';
import { auditLogs, emailOutbox } from '../../db/schema/platform';
import { fieldOptions } from '../../db/schema/settings';
import { seekers } from '../../db/schema/seekers';
import { sha256 } from '../../platform/crypto';
import { startSeekerImpersonation } from '../../platform/seeker-sessions';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { login } from '../../test/login';

/* Candidates signing up through the API as the board does it, and reading what they were mailed. */

export const PASSWORD = 'Candidate-pass-1';
let seq = 0;
export const nextEmail = (label = 'cand') => `${label}${++seq}.${Date.now().toString(36)}@example.test`;
/** A client address of its own per test, so the per-IP limits of one test never spill into the next. */
export const nextIp = () => `10.9.${Math.floor(++seq / 250)}.${seq % 250}`;

/** Requests as the board's pages send them: the board's host, the enterprise key, a candidate's token if any. */
export function candidateClient(t: TestApp, host: string, token?: string, ip = '127.0.0.1') {
  const send = (method: InjectOptions['method'], url: string, opts: Partial<InjectOptions> = {}) =>
    t.app.inject({
      method,
      url: `/portal${url}`,
      remoteAddress: ip,
      ...opts,
      headers: { 'x-af-eid': 'test', host, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(opts.headers as object) },
    });
  return {
    get: (url: string, query?: Record<string, string>) => send('GET', url, { query }),
    post: (url: string, payload: object = {}) => send('POST', url, { payload }),
    patch: (url: string, payload: object) => send('PATCH', url, { payload }),
    del: (url: string, payload?: object) => send('DELETE', url, payload ? { payload } : {}),
    upload: (url: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => send('POST', url, multipart(fields, file)),
  };
}
export type CandidateClient = ReturnType<typeof candidateClient>;

export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----hireline' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  const head = (name: string, extra = '') => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`${head(k)}\r\n${v}\r\n`));
  if (file) {
    // The client's Content-Type says PDF whatever the bytes are: the API must not believe it.
    parts.push(Buffer.from(`${head('file', `; filename="${file.name}"`)}Content-Type: application/pdf\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Mail queued to this address, oldest first. */
export async function mailTo(t: TestApp, email: string) {
  return t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

/** The token of the link to `path` in a mail's text, checking the link points at the board it came from. */
export function linkToken(mail: { text: string }, origin: string, path: '/verify' | '/reset-password') {
  const escaped = `${origin}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  expect(m, mail.text).not.toBeNull();
  return decodeURIComponent(m![1]!);
}

export async function seekerByEmail(t: TestApp, accountId: string, email: string) {
  const [row] = await t.deps.db
    .select()
    .from(seekers)
    .where(and(eq(seekers.accountId, accountId), eq(seekers.email, email)));
  return row ?? null;
}

export async function seekerById(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(seekers).where(eq(seekers.id, id));
  return row!;
}

export async function auditFor(t: TestApp, seekerId: string, action?: string) {
  return t.deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.subjectType, 'seeker'), eq(auditLogs.subjectId, seekerId), action ? eq(auditLogs.action, action) : undefined))
    .orderBy(asc(auditLogs.createdAt));
}

/** Registers through the API, follows the mailed link and answers the signed-in candidate. */
export async function signUp(t: TestApp, host: string, opts: { name?: string; email?: string; password?: string } = {}) {
  const email = opts.email ?? nextEmail();
  const password = opts.password ?? PASSWORD;
  const anon = candidateClient(t, host, undefined, nextIp());
  const reg = await anon.post('/v1/board/candidates/register', { name: opts.name ?? 'Casey Candidate', email, password });
  expect(reg.statusCode, reg.body).toBe(202);
  // The newest: the same address may already have an account on another account's board.
  const mail = (await mailTo(t, email)).at(-1)!;
  const verified = await anon.post('/v1/board/candidates/verify', { token: linkToken(mail, `http://${host}`, '/verify') });
  expect(verified.statusCode, verified.body).toBe(200);
  const token = verified.json().access_token as string;
  const me = (await candidateClient(t, host, token).get('/v1/board/candidates/me')).json();
  return { token, email, password, id: me.id as string, client: candidateClient(t, host, token) };
}
export type SignedUp = Awaited<ReturnType<typeof signUp>>;

/** A staff member's own session (the parent of an impersonation). */
export async function staffSession(t: TestApp, user: { id: string; email: string }) {
  const token = await login(t.app, user.email);
  const [row] = await t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, sha256(token)));
  return { token, sessionId: row!.id };
}

/** A board session of a staff member acting as the candidate, as the impersonation endpoint creates it. */
export async function impersonate(t: TestApp, tenant: Tenant, seekerId: string, reason = 'Helping with the profile') {
  const staff = await staffSession(t, tenant.users.accountAdmin);
  const { token } = await startSeekerImpersonation(t.deps.db, {
    accountId: tenant.account.id,
    seekerId,
    parentSessionId: staff.sessionId,
    impersonatorUserId: tenant.users.accountAdmin.id,
    type: 'seeker',
    reason,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    client: { ip: '127.0.0.1', userAgent: 'vitest' },
  });
  return { token, staff };
}

/** Visa types for the board's site (the board world has work types only); one switched off. */
export async function addVisaTypes(t: TestApp, tenant: Tenant) {
  await t.deps.db.insert(fieldOptions).values(
    [
      ['citizen', 'Citizen', true],
      ['work_visa', 'Work visa', true],
      ['student', 'Student visa', false],
    ].map(([value, label, enabled], position) => ({
      accountId: tenant.account.id,
      siteId: tenant.sites[0].id,
      kind: 'visa_type' as const,
      value: value as string,
      label: label as string,
      enabled: enabled as boolean,
      position,
    })),
  );
}
