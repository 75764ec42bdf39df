import { loadConfig } from './config';
import { createDeps, openConfiguredDatabase } from './app';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed/demo';
import { requeueStuck } from './platform/mail';
import { expireDueJobs } from './modules/jobs/job-expiry';
import { buildServer } from './server';

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
  const database = await openConfiguredDatabase(config);
  await migrate(database);
  const deps = createDeps(config, database);
  const seeded = config.demoSeed
    ? await seedDemo(database.db, { enterpriseKey: config.enterpriseKey, storage: deps.storage })
    : { seeded: false };

  const app = await buildServer(deps, { serveWeb: true });
  await app.listen({ port: config.port, host: config.host });

  // Mail goes out in the background; a crash mid-send is picked up on the next start.
  await requeueStuck(deps.db);
  const timer = setInterval(() => {
    deps.mailer.deliverDue().catch((err) => app.log.error({ err }, 'mail delivery failed'));
  }, 2000);
  // Adverts past their end date expire within a minute (DESIGN §5); safe to run from several processes.
  const expiry = setInterval(() => {
    expireDueJobs(deps.db).catch((err) => app.log.error({ err }, 'job expiry failed'));
  }, 60_000);

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`;
  const lines = [
    '',
    `  Hireline is running at ${config.appUrl}  (started in ${Date.now() - started} ms)`,
    `  API docs: ${config.appUrl}/portal/docs`,
    `  Database: ${where}${seeded.seeded ? ' — demo data seeded' : ''}`,
    `  Mail: ${config.smtpUrl ? 'SMTP' : `stored; read it at ${config.appUrl}/dev/mail`}`,
  ];
  if (config.demoSeed) {
    lines.push('', '  Demo sign-ins (password Recruit-Demo-1):');
    for (const [email, role] of DEMO_USERS) lines.push(`    ${email!.padEnd(24)} ${role}`);
  }
  console.log(lines.join('\n') + '\n');

  const stop = async () => {
    clearInterval(timer);
    clearInterval(expiry);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
