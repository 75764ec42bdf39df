import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../db/testing';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { startApi, urlOf, type ApiProcess } from '../../test/processes';
import { addProduct, completeJob } from '../../test/jobs';
import { balanceOf, grantCredits, ledgerAddsUp } from '../../test/credits';

/**
 * DESIGN §5 under real conditions: two API processes (as `npm start` runs them) on one PostgreSQL database, and
 * more concurrent posts than the employer has credits, spread over both. The row locks live in the database, so
 * exactly `balance` posts succeed whichever process serves them; the rest get 402 and the balance ends at zero.
 */

let database: TestDatabase;
let tenant: Tenant;
let dir: string;
const servers: ApiProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hireline-2proc-'));
  database = await openTestDatabase({ kind: 'postgres' });
  tenant = await createTenant(database.db, { name: 'Two processes' });
  const url = urlOf(database.pool);
  servers.push(...(await Promise.all([startApi(url, dir), startApi(url, dir)])));
}, 300_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await database?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('posting across two API processes', () => {
  it('spends exactly the balance: min(N, k) posts succeed, the others get 402', async () => {
    // The fixtures only use the database handle; the servers under test are the two processes.
    const t = { deps: { db: database.db } } as unknown as TestApp;
    const base = (i: number) => `http://127.0.0.1:${servers[i % 2]!.port}/portal`;
    const login = await fetch(`${base(0)}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-af-eid': 'test' },
      body: JSON.stringify({ email: tenant.users.accountAdmin.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const headers = {
      'content-type': 'application/json',
      'x-af-eid': 'test',
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
      'x-af-aid': tenant.account.id,
      'x-af-sid': tenant.sites[0].id,
    };
    const product = await addProduct(t, tenant);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${base(i)}/v1/jobs`, { method: 'POST', headers, body: JSON.stringify(completeJob(tenant, product.id)) });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const employer = tenant.employers[0].id;
    await grantCredits(t, employer, 5);

    const statuses = await Promise.all(ids.map((id, i) => fetch(`${base(i)}/v1/jobs/${id}/post`, { method: 'POST', headers, body: '{}' }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(7);
    expect(await balanceOf(t, employer)).toBe(0);
    expect(await ledgerAddsUp(t, employer, 0)).toBe(true);
  });
});
