import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPool, TenantPool, type Database } from '../db/client';
import { rateLimitWindows } from '../db/schema/platform';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { urlOf } from '../test/processes';
import { sha256 } from './crypto';
import { HttpError } from './errors';
import { postgresRateLimiter, sweepRateLimitWindows } from './rate-limit-pg';
import type { RateLimiter } from './rate-limit';

/*
 * The PostgreSQL rate limiter against a scratch database, acting as the API's role (ADR 012) and outside any request,
 * as the sign-in and board services and the scheduler call it. A second pool on the same database stands in for a
 * second API process.
 */

const HOUR = 60 * 60_000;
let database: TestDatabase;
let other: Database;
let limiter: RateLimiter;
let n = 0;
/** A key of its own for each test, shaped like the services' keys. */
const freshKey = () => `login:account:${++n}:someone${n}@example.test`;

beforeAll(async () => {
  database = await openTestDatabase({ kind: 'postgres' });
  database.actAs('hireline_api');
  other = fromPool(new TenantPool({ connectionString: urlOf(database.pool), max: 10 }));
  other.actAs('hireline_api');
  limiter = postgresRateLimiter(database.db);
});

afterAll(async () => {
  await other?.close();
  await database?.dispose();
});

/** The status and Retry-After of a refused hit, or 'passed'. */
async function outcome(hit: Promise<unknown>): Promise<'passed' | { status: number; retryAfter: number }> {
  try {
    await hit;
    return 'passed';
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.statusCode, retryAfter: Number(err.headers?.['retry-after']) };
  }
}

const rowOf = async (key: string) => (await database.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, sha256(key))))[0];

/** Moves a key's window on the database clock, as if time had passed: `end` is an interval from now, e.g. '-1 second'. */
const windowEndsIn = (key: string, end: string) =>
  database.db
    .update(rateLimitWindows)
    .set({ windowStart: sql`now() + ${end}::interval - interval '15 minutes'`, windowEnd: sql`now() + ${end}::interval` })
    .where(eq(rateLimitWindows.key, sha256(key)));

describe('postgresRateLimiter', () => {
  it('lets `limit` hits through in a window and refuses the next with 429 until it ends', async () => {
    const key = freshKey();
    for (let i = 0; i < 3; i++) expect(await outcome(limiter.hit(key, 3, HOUR)), `hit ${i + 1}`).toBe('passed');
    expect(await outcome(limiter.hit(key, 3, HOUR))).toMatchObject({ status: 429 });
    expect(await outcome(limiter.hit(key, 3, HOUR))).toMatchObject({ status: 429 });
    // Refused hits count too: an attacker does not get a fresh budget by hammering.
    expect((await rowOf(key))?.count).toBe(5);
    // Another key has a budget of its own.
    expect(await outcome(limiter.hit(freshKey(), 3, HOUR))).toBe('passed');
  });

  it("answers the window's count with each hit, as the in-memory limiter does", async () => {
    const key = freshKey();
    expect(await limiter.hit(key, 5, HOUR)).toBe(1);
    expect(await limiter.hit(key, 5, HOUR)).toBe(2);
    await limiter.undo(key);
    expect(await limiter.hit(key, 5, HOUR)).toBe(2);
  });

  it('answers Retry-After from the end of the window on the database clock', async () => {
    const key = freshKey();
    await limiter.hit(key, 1, HOUR);
    await windowEndsIn(key, '30 minutes');
    const refused = await outcome(limiter.hit(key, 1, HOUR));
    expect(refused).toMatchObject({ status: 429 });
    const { retryAfter } = refused as { retryAfter: number };
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(retryAfter).toBeGreaterThan(29 * 60);
  });

  it('starts a new window at one hit once the old one has ended', async () => {
    const key = freshKey();
    for (let i = 0; i < 3; i++) await outcome(limiter.hit(key, 2, HOUR));
    expect(await outcome(limiter.hit(key, 2, HOUR))).toMatchObject({ status: 429 });
    await windowEndsIn(key, '-1 second');
    expect(await outcome(limiter.hit(key, 2, HOUR))).toBe('passed');
    const row = (await rowOf(key))!;
    expect(row.count).toBe(1);
    expect(row.windowEnd.getTime() - row.windowStart.getTime()).toBe(HOUR);
    expect(await outcome(limiter.hit(key, 2, HOUR))).toBe('passed');
    expect(await outcome(limiter.hit(key, 2, HOUR))).toMatchObject({ status: 429 });
  });

  it('undo takes one hit back in the running window, never below zero and never in an ended one', async () => {
    const key = freshKey();
    await limiter.hit(key, 2, HOUR);
    await limiter.hit(key, 2, HOUR);
    await limiter.undo(key);
    expect(await outcome(limiter.hit(key, 2, HOUR))).toBe('passed');
    expect(await outcome(limiter.hit(key, 2, HOUR))).toMatchObject({ status: 429 });

    const spare = freshKey();
    await limiter.undo(spare);
    expect(await rowOf(spare)).toBeUndefined();
    await limiter.hit(spare, 2, HOUR);
    await limiter.undo(spare);
    await limiter.undo(spare);
    expect((await rowOf(spare))?.count).toBe(0);
    for (let i = 0; i < 2; i++) expect(await outcome(limiter.hit(spare, 2, HOUR))).toBe('passed');
    expect(await outcome(limiter.hit(spare, 2, HOUR))).toMatchObject({ status: 429 });

    await windowEndsIn(spare, '-1 second');
    await limiter.undo(spare);
    expect((await rowOf(spare))?.count).toBe(3);
  });

  it('reset forgets the key: a full budget again, and no row left', async () => {
    const key = freshKey();
    for (let i = 0; i < 3; i++) await outcome(limiter.hit(key, 2, HOUR));
    await limiter.reset(key);
    expect(await rowOf(key)).toBeUndefined();
    expect(await outcome(limiter.hit(key, 2, HOUR))).toBe('passed');
    expect(await outcome(limiter.hit(key, 2, HOUR))).toBe('passed');
    expect(await outcome(limiter.hit(key, 2, HOUR))).toMatchObject({ status: 429 });
  });

  it('stores keys as sha256 hashes: no email or address in the table', async () => {
    const email = 'private.person@example.test';
    const ip = '203.0.113.77';
    await limiter.hit(`login:account:e1:${email}`, 10, HOUR);
    await limiter.hit(`login:ip:${ip}`, 10, HOUR);
    const { rows } = await database.db.execute<Record<string, unknown>>(sql`select * from rate_limit_windows`);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(email);
    expect(dump).not.toContain('private.person');
    expect(dump).not.toContain(ip);
    for (const r of rows) expect(r.key).toMatch(/^[0-9a-f]{64}$/);
    expect((await rowOf(`login:account:e1:${email}`))?.count).toBe(1);
  });

  it('lets exactly `limit` of 40 simultaneous hits through, from one process or two', async () => {
    const settle = (hits: Promise<unknown>[]) => Promise.all(hits.map(outcome));
    const key = freshKey();
    const one = await settle(Array.from({ length: 40 }, () => limiter.hit(key, 10, HOUR)));
    expect(one.filter((o) => o === 'passed')).toHaveLength(10);
    expect(one.filter((o) => o !== 'passed' && o.status === 429)).toHaveLength(30);

    const shared = freshKey();
    const second = postgresRateLimiter(other.db);
    const two = await settle(Array.from({ length: 40 }, (_, i) => (i % 2 ? second : limiter).hit(shared, 10, HOUR)));
    expect(two.filter((o) => o === 'passed')).toHaveLength(10);
    expect((await rowOf(shared))?.count).toBe(40);
  });

  it('is swept by the scheduler an hour after its window ends, not before', async () => {
    const [running, endedLately, endedLongAgo] = [freshKey(), freshKey(), freshKey()];
    for (const key of [running, endedLately, endedLongAgo]) await limiter.hit(key, 5, HOUR);
    await windowEndsIn(endedLately, '-30 minutes');
    await windowEndsIn(endedLongAgo, '-61 minutes');
    expect(await sweepRateLimitWindows(database.db)).toBe(1);
    expect(await rowOf(endedLongAgo)).toBeUndefined();
    expect(await rowOf(endedLately)).toBeDefined();
    expect(await rowOf(running)).toBeDefined();
  });
});
