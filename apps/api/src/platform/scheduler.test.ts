import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { scheduledTasks } from '../db/schema/platform';
import { createScheduler, type Task } from './scheduler';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const quiet = { error: () => undefined };
const makeDue = (name: string) => database.db.update(scheduledTasks).set({ nextRunAt: sql`now() - interval '1 second'` }).where(eq(scheduledTasks.name, name));

describe('scheduler', () => {
  it('runs a due task in exactly one of two processes ticking at once, then waits for its interval', async () => {
    let runs = 0;
    const task = (): Task => ({ name: 'count', everyMs: 60_000, run: async () => void runs++ });
    const one = createScheduler(database.db, [task()], quiet);
    const two = createScheduler(database.db, [task()], quiet);
    const ran = await Promise.all([one.tick(), two.tick()]);
    expect(runs).toBe(1);
    expect(ran.flat()).toEqual(['count']);
    expect(await Promise.all([one.tick(), two.tick()])).toEqual([[], []]);
    await makeDue('count');
    await Promise.all([two.tick(), one.tick()]);
    expect(runs).toBe(2);
    const [row] = await database.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'count'));
    expect(row).toMatchObject({ runs: 2, lastError: null });
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('records a failing task and still runs the others', async () => {
    const errors: string[] = [];
    let ok = 0;
    const s = createScheduler(
      database.db,
      [
        { name: 'fails', everyMs: 1000, run: async () => Promise.reject(new Error('SMTP down')) },
        { name: 'works', everyMs: 1000, run: async () => void ok++ },
      ],
      { error: (_o, msg) => void errors.push(msg) },
    );
    expect(await s.tick()).toEqual(['fails', 'works']);
    expect(ok).toBe(1);
    expect(errors).toEqual(['scheduled task failed']);
    const [row] = await database.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'fails'));
    expect(row).toMatchObject({ lastError: 'SMTP down' });
    expect(row!.lastFinishedAt).not.toBeNull();
  });

  it('ticks on its own once started, and stop() waits for the run in progress', async () => {
    let finished = 0;
    const s = createScheduler(database.db, [{ name: 'slow', everyMs: 60_000, run: () => new Promise((r) => setTimeout(() => r(finished++), 100)) }], quiet);
    s.start(20);
    for (let i = 0; i < 50 && finished === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await s.stop();
    expect(finished).toBe(1);
  });
});
