import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openTestDatabase } from '../../db/testing';
import { createTestApp, serverOver, type TestApp } from '../../test/harness';

/*
 * An orchestrator restarts a replica whose liveness fails and sends traffic only to one whose readiness holds; both
 * name the build, so a rollout can be followed replica by replica.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (app: TestApp['app'], url: string) => app.inject({ method: 'GET', url });
const VERSION = /^\d+\.\d+\.\d+/;

describe('GET /portal/health/live', () => {
  it('answers 200 with the version and commit, without an enterprise header', async () => {
    const res = await get(t.app, '/portal/health/live');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('live');
    expect(body.version).toMatch(VERSION);
    expect(body).toHaveProperty('commit');
  });

  it('reports the commit the environment gives', async () => {
    const config = loadConfig({ DATA_DIR: t.deps.config.dataDir, APP_SECRET: 'x'.repeat(32), GIT_COMMIT: 'abc123def' });
    const app = await serverOver({ ...t.deps, config });
    try {
      expect((await get(app, '/portal/health/live')).json().commit).toBe('abc123def');
    } finally {
      await app.close();
    }
  });
});

describe('GET /portal/health/ready', () => {
  it('answers 200 when the database, the migrations and storage are fine', async () => {
    const res = await get(t.app, '/portal/health/ready');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ready',
      version: expect.stringMatching(VERSION),
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
      failing: [],
    });
  });

  it('answers 503 naming the database when it cannot be reached, while liveness still answers', async () => {
    // A server over a database that has been closed: every query fails as with a server that went away.
    const closed = await openTestDatabase();
    await closed.dispose();
    const app = await serverOver({ ...t.deps, database: closed, db: closed.db });
    try {
      const res = await get(app, '/portal/health/ready');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unready',
        version: expect.stringMatching(VERSION),
        checks: { database: 'failing', storage: 'ok' },
        failing: expect.arrayContaining(['database']),
      });
      expect((await get(app, '/portal/health/live')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the migrations when one this build carries is not applied', async () => {
    const db = await openTestDatabase();
    // As after restoring a backup taken before an upgrade: the newest migration is unknown to the database.
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`set local role none`);
      await tx.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    });
    const app = await serverOver({ ...t.deps, database: db, db: db.db });
    try {
      const res = await get(app, '/portal/health/ready');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unready', checks: { database: 'ok', migrations: 'failing', storage: 'ok' }, failing: ['migrations'] });
    } finally {
      await app.close();
      await db.dispose();
    }
  });

  it('answers 503 naming storage when the upload store cannot be written', async () => {
    const storage = { ...t.deps.storage, ping: () => Promise.reject(new Error('bucket unreachable')) };
    const app = await serverOver({ ...t.deps, storage });
    try {
      const res = await get(app, '/portal/health/ready');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ checks: { database: 'ok', migrations: 'ok', storage: 'failing' }, failing: ['storage'] });
    } finally {
      await app.close();
    }
  });
});
