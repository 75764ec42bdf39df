import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { sessions } from '../db/schema/identity';
import { files } from '../db/schema/platform';
import { seekers } from '../db/schema/seekers';
import { sha256 } from '../platform/crypto';
import { startSeekerImpersonation, startSeekerSession } from '../platform/seeker-sessions';
import type { Tenant } from './factories';
import type { TestApp } from './harness';
import { login } from './login';
import { allMailTo, linkToken } from './mail';

/* Job board candidates: signed in directly, or signing up through the API as the board does; impersonated by staff. */

export const PASSWORD = 'Candidate-pass-1';
let seq = 0;
export const nextEmail = (label = 'cand') => `${label}${++seq}.${Date.now().toString(36)}@example.test`;
/** A client address of its own per test, so the per-IP limits of one test never spill into the next. */
export const nextIp = () => `10.9.${Math.floor(++seq / 250)}.${seq % 250}`;

export type Seeker = typeof seekers.$inferSelect;

/** A candidate of the tenant's account with a confirmed email (unless `verified: false`) and an open board session. */
export async function signedInCandidate(t: TestApp, tenant: Tenant, opts: { verified?: boolean; name?: string; withResume?: boolean } = {}) {
  const n = ++seq;
  const [seeker] = await t.deps.db
    .insert(seekers)
    .values({
      accountId: tenant.account.id,
      name: opts.name ?? `Board Candidate ${n}`,
      email: `board${n}.${tenant.account.slug}@example.test`,
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    })
    .returning();
  const session = await startSeekerSession(t.deps.db, t.deps.config, {
    accountId: tenant.account.id,
    seekerId: seeker!.id,
    client: { ip: '127.0.0.1', userAgent: 'vitest' },
  });
  const resume = opts.withResume === false ? null : await addResume(t, seeker!);
  if (resume) await t.deps.db.update(seekers).set({ resumeFileId: resume }).where(eq(seekers.id, seeker!.id));
  return { seeker: seeker!, token: session.token.access_token, resume };
}

export type Candidate = Awaited<ReturnType<typeof signedInCandidate>>;

/** A resume uploaded by this candidate (the row only: nothing here reads the bytes). */
export async function addResume(t: TestApp, seeker: Seeker, purpose: 'resume' | 'document' = 'resume') {
  const id = crypto.randomUUID();
  await t.deps.db.insert(files).values({
    id,
    accountId: seeker.accountId,
    ownerSeekerId: seeker.id,
    purpose,
    storageKey: `test/${id}`,
    originalName: 'cv.pdf',
    mime: 'application/pdf',
    size: 10,
    sha256: '0'.repeat(64),
  });
  return id;
}

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

/** Registers through the API, follows the mailed link and answers the signed-in candidate. */
export async function signUp(t: TestApp, host: string, opts: { name?: string; email?: string; password?: string } = {}) {
  const email = opts.email ?? nextEmail();
  const password = opts.password ?? PASSWORD;
  const anon = candidateClient(t, host, undefined, nextIp());
  const reg = await anon.post('/v1/board/candidates/register', { name: opts.name ?? 'Casey Candidate', email, password });
  expect(reg.statusCode, reg.body).toBe(202);
  // The newest: the same address may already have an account on another account's board.
  const mail = (await allMailTo(t, email)).at(-1)!;
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
