import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { countApplications, listApplications } from '@hireline/contract/applications';
import { me } from '@hireline/contract/auth';
import { previewPurchase } from '@hireline/contract/credits';
import { getDashboard } from '@hireline/contract/dashboard';
import { getJob, listJobs } from '@hireline/contract/jobs';
import { listNotifications } from '@hireline/contract/notifications';
import { listSeekers } from '@hireline/contract/seekers';
import { getBranding } from '@hireline/contract/branding';
import { addApplication, addSeeker } from '../test/applications';
import { site1 } from '../test/client';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, serverOver, type TestApp } from '../test/harness';
import { addLiveJob } from '../test/jobs';
import { login } from '../test/login';
import { compileSerializer, responseSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;

describe('the compiled serializer', () => {
  it('compiles the response of every hot page, so production writes them without a Zod walk', () => {
    for (const endpoint of [listJobs, getJob, listApplications, countApplications, listSeekers, me, getBranding, previewPurchase, getDashboard, listNotifications])
      expect(compileSerializer(endpoint.response), endpoint.path).not.toBeNull();
  });

  it("writes only what the contract declares, whatever else the handler's rows carry", () => {
    const write = compileSerializer(z.object({ id: z.string(), name: z.string().nullable(), employer: z.object({ id: z.string() }).nullable() }))!;
    const row = { id: 'j1', name: null, employer: { id: 'e1', password_hash: 'secret' }, password_hash: 'secret' };
    expect(JSON.parse(write(row))).toEqual({ id: 'j1', name: null, employer: { id: 'e1' } });
    expect(JSON.parse(write({ ...row, employer: null }))).toEqual({ id: 'j1', name: null, employer: null });
  });

  it('leaves a union to the validating serializer rather than guess a branch', () => {
    expect(compileSerializer(z.object({ answer: z.union([z.string(), z.array(z.string())]) }))).toBeNull();
  });

  it('in "both", fails an answer the compiled serializer would write differently from the contract', () => {
    // trim() is applied when Zod writes; the compiled serializer never changes a value.
    const serialize = responseSerializerCompiler('both')(route(z.object({ name: z.string().trim() })));
    expect(serialize({ name: 'Ada' })).toBe('{"name":"Ada"}');
    expect(() => serialize({ name: ' Ada ' })).toThrow(/compiled serializer wrote/);
  });

  it('in "compiled", checks nothing; in "validate", an answer off the contract is an error', () => {
    const schema = z.object({ count: z.number() });
    expect(responseSerializerCompiler('compiled')(route(schema))({ count: 3, extra: 1 })).toBe('{"count":3}');
    expect(() => responseSerializerCompiler('validate')(route(schema))({ count: 'three' })).toThrow();
  });
});

describe('a server writing compiled answers', () => {
  let t: TestApp;
  let a: Tenant;
  let compiled: FastifyInstance;
  let token: string;
  let jobId: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTenant(t.deps.db, { name: 'Alpha' });
    const job = await addLiveJob(t, a, { title: 'Forklift Driver' });
    jobId = job.id;
    await addApplication(t, job, await addSeeker(t, a, { name: 'Ada Lovelace' }));
    token = await login(t.app, a.users.siteManager.email);
    compiled = await serverOver({ ...t.deps, config: { ...t.deps.config, responseCheck: 'compiled' } });
  });
  afterAll(async () => {
    await compiled?.close();
    await t?.close();
  });

  it('answers the lists, the job page and the dashboard exactly as the validating server does', async () => {
    const who = { token, ...site1(a) };
    for (const url of ['/v1/jobs', `/v1/jobs/${jobId}/detail`, '/v1/applications', '/v1/applications/counts', '/v1/seekers', '/v1/site/dashboard', '/v1/notifications/inbox', '/auth/me']) {
      const checked = await call(t.app, who, { method: 'GET', url: `/portal${url}` });
      const fast = await call(compiled, who, { method: 'GET', url: `/portal${url}` });
      expect(checked.statusCode, url).toBe(200);
      expect(fast.statusCode, url).toBe(200);
      expect(fast.json(), url).toEqual(checked.json());
    }
  });
});
