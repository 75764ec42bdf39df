import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, site1, type Client } from '../../test/client';
import { addApplication, addSeeker } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { historyRows } from './application-tests.fixtures';

/*
 * Several bulk status changes at once on one site, over different applications coming from mixed statuses: each
 * touches the same stage counters (kept by a statement-level trigger). Every request must succeed (no deadlock, no
 * lost update) and the counters must still equal a real count. Only meaningful with real concurrent connections.
 */

let t: TestApp;
let a: Tenant;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Busy' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
});
afterAll(() => t.close());

it('runs concurrent bulk changes without deadlocks and keeps the stage counts right', async () => {
  const job = await addLiveJob(t, a);
  const from: ApplicationStatus[] = ['applied', 'offered', 'screening', 'new', 'invited'];
  const to = ['shortlisted', 'interviewed', 'unsuccessful', 'registered', 'new', 'offered'] as const;
  const groups: string[][] = [];
  for (const [g] of to.entries()) {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await addApplication(t, job, await addSeeker(t, a), { status: from[(i + g) % from.length] })).id);
    groups.push(ids);
  }
  const notify = { admin: true, consultants: true, candidate: true };
  const responses = await Promise.all(groups.map((ids, g) => admin.post('/v1/applications/bulk', { action: 'status', ids, status: to[g], notify })));
  for (const res of responses) expect(res.statusCode, res.body).toBe(200);
  for (const [g, ids] of groups.entries())
    for (const id of ids) {
      const history = await historyRows(t, id);
      expect(history.length).toBeLessThanOrEqual(1);
      const detail = (await admin.get(`/v1/applications/${id}/overview`)).json();
      expect(detail.status).toBe(to[g]);
    }
  const stored = (await admin.get('/v1/applications/counts')).json();
  const counted = (await admin.get('/v1/applications/counts', { created_from: '2000-01-01' })).json();
  expect(stored).toEqual(counted);
  expect(stored.total).toBe(groups.length * 12);
});
