import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { createTenant, PASSWORD, type Tenant } from '../test/factories';
import type { TestApp } from '../test/harness';
import { startApi, urlOf, type ApiProcess } from '../test/processes';

/*
 * Two API processes (as `npm start` runs them) on one scratch PostgreSQL database with one tenant, for the suites
 * that alternate requests between them: what keeps a change from happening twice must live in the database, so it
 * must hold whichever process serves each request.
 */

export interface Res<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface SendOptions {
  token?: string;
  /** Select the tenant's first employer (X-AF-EMPID) as well as its first site. */
  employer?: boolean;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent exactly as given (a signed webhook). */
  raw?: string;
}

export interface TwoProcesses {
  database: TestDatabase;
  tenant: Tenant;
  /** For the fixtures, which only use the database handle; the servers under test are the two processes. */
  t: TestApp;
  /** One request to process `i % 2`, with the portal's headers; the JSON answer (or null for an empty one). */
  send<T = Record<string, unknown>>(i: number, method: string, path: string, opts?: SendOptions): Promise<Res<T>>;
  signIn(email: string): Promise<string>;
}

/**
 * Registers the suite's beforeAll and afterAll. `env` (asked in beforeAll, so it may start what the processes talk
 * to) is given to both processes. The answer's fields are set once beforeAll has run.
 */
export function useTwoProcesses(env: () => Promise<Record<string, string>> | Record<string, string> = () => ({})): TwoProcesses {
  const servers: ApiProcess[] = [];
  let dir = '';
  const ctx = {
    async send<T>(i: number, method: string, path: string, opts: SendOptions = {}): Promise<Res<T>> {
      const headers: Record<string, string> = { 'x-af-eid': 'test', ...opts.headers };
      if (opts.token) {
        headers.authorization = `Bearer ${opts.token}`;
        headers['x-af-aid'] = ctx.tenant.account.id;
        headers['x-af-sid'] = ctx.tenant.sites[0].id;
        if (opts.employer) headers['x-af-empid'] = ctx.tenant.employers[0].id;
      }
      const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${servers[i % 2]!.base}${path}`, { method, headers, body: payload });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async signIn(email: string) {
      const res = await ctx.send<{ access_token: string }>(0, 'POST', '/auth/login', { body: { email, password: PASSWORD } });
      expect(res.status).toBe(200);
      return res.body.access_token;
    },
  } as TwoProcesses;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hireline-2proc-security-'));
    ctx.database = await openTestDatabase({ kind: 'postgres' });
    ctx.t = { deps: { db: ctx.database.db } } as unknown as TestApp;
    ctx.tenant = await createTenant(ctx.database.db, { name: 'Two processes' });
    const url = urlOf(ctx.database.pool);
    const vars = await env();
    servers.push(...(await Promise.all([startApi(url, dir, vars), startApi(url, dir, vars)])));
  }, 300_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await ctx.database?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return ctx;
}
