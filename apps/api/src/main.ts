import { closeReadDatabase, createDeps, openConfiguredDatabase } from './app';
import { isClusterWorker, runWorkers } from './cluster';
import { loadConfig, type Config } from './config';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed/demo';
import { clusterMetrics, exposeToPrimary } from './platform/metrics-cluster';
import { serveMetrics } from './platform/metrics-server';
import { createScheduler } from './platform/scheduler';
import { configuredStorage } from './platform/storage-config';
import { buildServer } from './server';
import { tasks } from './tasks';

const DEMO_USERS = [
  ['enterprise@demo.test', 'Enterprise admin'],
  ['admin@acme.test', 'Acme account admin'],
  ['manager@acme.test', "Site manager of Acme's first site"],
  ['consultant@acme.test', 'Consultant on that site'],
  ['employer@acme.test', 'Employer admin of an Acme employer'],
  ['admin@globex.test', 'Globex account admin'],
];

async function main() {
  const started = Date.now();
  const config = loadConfig();
  if (config.processes > 1 && !isClusterWorker()) {
    // The primary migrates and seeds once, then only supervises the workers (cluster.ts).
    const database = await openConfiguredDatabase(config);
    await migrate(database);
    const primaryDeps = createDeps(config, database);
    const seeded = config.demoSeed ? await seedDemo(database.db, { enterpriseKey: config.enterpriseKey, storage: primaryDeps.storage }) : { seeded: false };
    await closeReadDatabase(primaryDeps);
    await database.close();
    // One scrape of the primary answers for every worker: it asks each for its registry and adds them up.
    if (config.metrics) await serveMetrics(clusterMetrics(), config.metrics.port, config.metrics.host);
    await runWorkers(config.processes, (line) => console.error(line));
    console.log(banner(config, started, seeded.seeded));
    return;
  }
  const database = await openConfiguredDatabase(config);
  await migrate(database);
  const deps = createDeps(config, database);
  const seeded =
    config.demoSeed && !isClusterWorker()
      ? await seedDemo(database.db, { enterpriseKey: config.enterpriseKey, storage: deps.storage })
      : { seeded: false };

  const app = await buildServer(deps, { serveWeb: true });
  await app.listen({ port: config.port, host: config.host });
  if (config.metrics) {
    deps.metrics.collectProcessMetrics();
    if (isClusterWorker()) exposeToPrimary(deps.metrics.registry);
    else await serveMetrics(deps.metrics.registry, config.metrics.port, config.metrics.host);
  }

  // Mail delivery, job expiry, reminders and clean-up: one scheduler, each run in exactly one process (ADR 010).
  const scheduler = createScheduler(deps.db, tasks(deps), app.log, (task, outcome) => deps.metrics.schedulerRuns.inc({ task, outcome }));
  scheduler.start();
  if (!isClusterWorker()) console.log(banner(config, started, seeded.seeded));

  const stop = async () => {
    await scheduler.stop();
    await app.close();
    await closeReadDatabase(deps);
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function banner(config: Config, started: number, seeded: boolean) {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`;
  const lines = [
    '',
    `  Hireline is running at ${config.appUrl}  (started in ${Date.now() - started} ms)`,
    `  API docs: ${config.appUrl}/portal/docs`,
    `  Database: ${where}${seeded ? ' — demo data seeded' : ''}`,
    `  Uploads: ${configuredStorage(config).location}`,
    `  Mail: ${config.smtpUrl ? 'SMTP' : config.mailViewer ? `stored; read it at ${config.appUrl}/dev/mail` : 'not sent (no SMTP_URL, MAIL_VIEWER off)'}`,
  ];
  if (config.processes > 1) lines.push(`  Processes: ${config.processes} (round robin on port ${config.port})`);
  if (config.demoSeed) {
    lines.push('', '  Demo sign-ins (password Recruit-Demo-1):');
    for (const [email, role] of DEMO_USERS) lines.push(`    ${email!.padEnd(24)} ${role}`);
  }
  return lines.join('\n') + '\n';
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
