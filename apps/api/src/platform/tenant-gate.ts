/**
 * At most `limit` slots per key (an account) held at once; further callers queue in order and are refused once they
 * have waited `maxWaitMs`. It keeps one tenant's heavy work (searches) from taking every connection of the pool that
 * everyone's light work (lists, pages) needs: the pool is shared by all tenants, so without a cap per tenant ten
 * people typing in one account's search box make every other account wait behind them.
 *
 * In this process's memory, like the pool it protects: each API process has a pool of its own.
 */
export interface TenantGate {
  /**
   * Waits for one of `key`'s slots and answers its release (calling it twice frees one slot once). Rejects with
   * `refuse()` when no slot came free within `maxWaitMs`. The queue has no length limit of its own: every caller in it
   * leaves within `maxWaitMs`, and refusing at once instead would only have the client ask again straight away.
   */
  acquire(key: string): Promise<() => void>;
  /** `fn` holding one of `key`'s slots, released however it ends. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Slots held and callers waiting for `key` (metrics, tests). */
  load(key: string): { held: number; waiting: number };
}

export interface TenantGateOptions {
  limit: number;
  maxWaitMs: number;
  /** The error a refused caller gets. */
  refuse: () => Error;
}

/** Calls `fire` after `ms` unless the answered cancel is called first; tests pass one they fire themselves. */
export type Timer = (ms: number, fire: () => void) => () => void;

const realTimer: Timer = (ms, fire) => {
  const t = setTimeout(fire, ms);
  return () => clearTimeout(t);
};

interface Waiter {
  grant: (release: () => void) => void;
  cancel: () => void;
}

interface Lane {
  held: number;
  queue: Waiter[];
}

export function tenantGate(opts: TenantGateOptions, timer: Timer = realTimer): TenantGate {
  const lanes = new Map<string, Lane>();

  const laneOf = (key: string) => {
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { held: 0, queue: [] }));
    return lane;
  };

  function releaseFor(key: string, lane: Lane): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      // The slot passes straight to the longest waiting caller, so a newcomer cannot overtake the queue.
      const next = lane.queue.shift();
      if (next) {
        next.cancel();
        next.grant(releaseFor(key, lane));
        return;
      }
      lane.held -= 1;
      if (lane.held === 0) lanes.delete(key);
    };
  }

  const gate: TenantGate = {
    acquire(key) {
      const lane = laneOf(key);
      if (lane.held < opts.limit) {
        lane.held += 1;
        return Promise.resolve(releaseFor(key, lane));
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          grant: resolve,
          cancel: timer(opts.maxWaitMs, () => {
            const at = lane.queue.indexOf(waiter);
            if (at >= 0) lane.queue.splice(at, 1);
            reject(opts.refuse());
          }),
        };
        lane.queue.push(waiter);
      });
    },
    async run(key, fn) {
      const release = await gate.acquire(key);
      try {
        return await fn();
      } finally {
        release();
      }
    },
    load(key) {
      const lane = lanes.get(key);
      return { held: lane?.held ?? 0, waiting: lane?.queue.length ?? 0 };
    },
  };
  return gate;
}
