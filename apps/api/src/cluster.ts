import cluster, { type Worker } from 'node:cluster';

/**
 * Scale-out on one machine (`API_PROCESSES=n`, PostgreSQL only): this process, the primary, forks n workers that
 * each run the whole API and listen on the same port; Node's cluster module hands each new connection to the next
 * worker in turn (round robin, its default on Linux). Nothing a request depends on lives in one process: sessions,
 * sign-in limits (ADR 004), idempotency keys and scheduled tasks (ADR 010) are rows in PostgreSQL; the in-memory
 * caches hold only short-lived reads (the enterprise for a minute, big-list totals for 5 s).
 *
 * A worker that dies is replaced after a second, so one crash costs its in-flight requests and nothing else.
 * SIGTERM or SIGINT to the primary stops every worker gracefully, then the primary.
 */
export function runWorkers(count: number, log: (line: string) => void): Promise<void> {
  let stopping = false;
  const fork = (): Worker => cluster.fork({ HIRELINE_WORKER: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log(`API process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => !stopping && fork(), 1000);
  });
  for (let i = 0; i < count; i++) fork();

  const stop = async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  // Resolves when every worker listens, so the caller prints its banner once the port answers.
  return new Promise((resolve) => {
    let listening = 0;
    const onListening = () => {
      if (++listening === count) {
        cluster.off('listening', onListening);
        resolve();
      }
    };
    cluster.on('listening', onListening);
  });
}

/** True in a worker forked by runWorkers: the primary has already migrated and seeded. */
export const isClusterWorker = () => cluster.isWorker && process.env.HIRELINE_WORKER === '1';
