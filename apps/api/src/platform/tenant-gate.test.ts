import { describe, expect, it } from 'vitest';
import { tenantGate, type Timer } from './tenant-gate';

class Refused extends Error {}

/** A timer the test fires by hand: no test here waits for real time to pass. */
function handTimer() {
  const pending: { ms: number; fire: () => void; cancelled: boolean }[] = [];
  const timer: Timer = (ms, fire) => {
    const t = { ms, fire, cancelled: false };
    pending.push(t);
    return () => {
      t.cancelled = true;
    };
  };
  const live = () => pending.filter((t) => !t.cancelled);
  return { timer, live, fireAll: () => live().forEach((t) => t.fire()) };
}

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Whether a promise has settled by the time the microtasks queued so far have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

const gateOf = (limit: number, t = handTimer()) => tenantGate({ limit, maxWaitMs: 2_000, refuse: () => new Refused('busy') }, t.timer);

describe('tenant gate', () => {
  it('lets up to the limit in at once and queues the next until a slot is released', async () => {
    const gate = gateOf(2);
    const first = await gate.acquire('a');
    await gate.acquire('a');
    const third = gate.acquire('a');
    expect(await settled(third)).toBe(false);
    expect(gate.load('a')).toEqual({ held: 2, waiting: 1 });
    first();
    expect(await settled(third)).toBe(true);
    expect(gate.load('a')).toEqual({ held: 2, waiting: 0 });
  });

  it('serves waiters in the order they came, and a newcomer does not overtake them', async () => {
    const gate = gateOf(1);
    const release = await gate.acquire('a');
    const order: string[] = [];
    const second = gate.acquire('a').then((r) => (order.push('second'), r));
    const third = gate.acquire('a').then((r) => (order.push('third'), r));
    release();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(gate.load('a')).toEqual({ held: 0, waiting: 0 });
  });

  it('refuses a caller that waited the longest allowed, and forgets it', async () => {
    const t = handTimer();
    const gate = gateOf(1, t);
    const release = await gate.acquire('a');
    const waiting = gate.acquire('a');
    expect(t.live().map((x) => x.ms)).toEqual([2_000]);
    t.fireAll();
    await expect(waiting).rejects.toBeInstanceOf(Refused);
    expect(gate.load('a')).toEqual({ held: 1, waiting: 0 });
    // The slot it never got goes to no one: released, the account is back to nothing held.
    release();
    expect(gate.load('a')).toEqual({ held: 0, waiting: 0 });
  });

  it('stops the wait clock of a caller that got its slot', async () => {
    const t = handTimer();
    const gate = gateOf(1, t);
    const release = await gate.acquire('a');
    const waiting = gate.acquire('a');
    release();
    await waiting;
    expect(t.live()).toEqual([]);
  });

  it('queues any number of callers rather than refusing them before their wait is up', async () => {
    const gate = gateOf(1);
    let release = await gate.acquire('a');
    const waiting = Array.from({ length: 20 }, () => gate.acquire('a'));
    expect(gate.load('a').waiting).toBe(20);
    for (const next of waiting) {
      release();
      release = await next;
    }
    release();
    expect(gate.load('a')).toEqual({ held: 0, waiting: 0 });
  });

  it('releases the slot of work that fails', async () => {
    const gate = gateOf(1);
    await expect(gate.run('a', async () => Promise.reject(new Error('query failed')))).rejects.toThrow('query failed');
    expect(gate.load('a')).toEqual({ held: 0, waiting: 0 });
    expect(await gate.run('a', async () => 'next')).toBe('next');
  });

  it('holds the slot while the work runs and frees it once, however often release is called', async () => {
    const gate = gateOf(1);
    const work = deferred<string>();
    const running = gate.run('a', () => work.promise);
    expect(await settled(running)).toBe(false);
    expect(gate.load('a').held).toBe(1);
    work.resolve('done');
    expect(await running).toBe('done');

    const release = await gate.acquire('a');
    const other = await gate.acquire('b');
    release();
    release();
    expect(gate.load('a')).toEqual({ held: 0, waiting: 0 });
    other();
  });

  it('keeps accounts apart: one account at its limit does not hold another back', async () => {
    const gate = gateOf(1);
    const held = deferred();
    const busy = gate.run('a', () => held.promise);
    const queued = gate.acquire('a');
    const other = gate.run('b', async () => 'b answered');
    expect(await other).toBe('b answered');
    expect(await settled(queued)).toBe(false);
    held.resolve();
    await busy;
    expect(await settled(queued)).toBe(true);
  });
});
