import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledTasks } from '../db/schema/platform';

/*
 * One scheduler for all timed work (ADR 010), the same on PGlite and PostgreSQL. Each task has a row; a process runs
 * a task only after moving its `next_run_at` forward with a conditional update, so however many API processes tick,
 * each due run happens in exactly one of them. Tasks must still be idempotent (a process may die mid-run; the next
 * due run simply does the work again), which every task here is by construction: they sweep for what is due.
 */

export interface Task {
  name: string;
  /** How often the task runs, at most; a run that overlaps the next due time only delays it. */
  everyMs: number;
  run(): Promise<unknown>;
}

export interface SchedulerLog {
  error(obj: object, msg: string): void;
}

export interface Scheduler {
  /** Runs every task that is due and that this process claims; answers the names it ran. */
  tick(): Promise<string[]>;
  /** Ticks every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  /** Stops ticking and waits for a tick in progress. */
  stop(): Promise<void>;
}

/** Told of every run this process made, for the runs and failures counters (platform/metrics.ts). */
export type RunObserver = (task: string, outcome: 'ok' | 'failed') => void;

export function createScheduler(db: Db, tasks: Task[], log: SchedulerLog, observe: RunObserver = () => {}): Scheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<string[]> | null = null;
  let registered = false;

  async function register() {
    if (registered) return;
    await db
      .insert(scheduledTasks)
      .values(tasks.map((t) => ({ name: t.name })))
      .onConflictDoNothing();
    registered = true;
  }

  /** The database's clock decides what is due, so processes with drifting clocks still agree. */
  async function claim(task: Task): Promise<boolean> {
    const rows = await db
      .update(scheduledTasks)
      .set({
        nextRunAt: sql`now() + ${`${task.everyMs} milliseconds`}::interval`,
        lastStartedAt: sql`now()`,
        runs: sql`${scheduledTasks.runs} + 1`,
      })
      .where(and(eq(scheduledTasks.name, task.name), lte(scheduledTasks.nextRunAt, sql`now()`)))
      .returning({ name: scheduledTasks.name });
    return rows.length === 1;
  }

  async function runOnce(): Promise<string[]> {
    await register();
    const ran: string[] = [];
    for (const task of tasks) {
      if (!(await claim(task))) continue;
      ran.push(task.name);
      let error: string | null = null;
      try {
        await task.run();
      } catch (err) {
        error = String((err as Error)?.message ?? err).slice(0, 1000);
        log.error({ err, task: task.name }, 'scheduled task failed');
      }
      observe(task.name, error === null ? 'ok' : 'failed');
      await db
        .update(scheduledTasks)
        .set({ lastFinishedAt: sql`now()`, lastError: error })
        .where(eq(scheduledTasks.name, task.name));
    }
    return ran;
  }

  return {
    tick() {
      // One tick at a time per process: a slow sweep is not started again by the next timer.
      running ??= runOnce().finally(() => (running = null));
      return running;
    },
    start(intervalMs = 1000) {
      if (timer) return;
      timer = setInterval(() => {
        this.tick().catch((err) => log.error({ err }, 'scheduler tick failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
