import { loadConfig } from '../config';
import { backup } from '../ops/backup';
import { safeUrl } from '../ops/pg-tools';
import { buildInfo } from '../platform/build-info';
import { configuredStorage } from '../platform/storage-config';
import { folderArg } from './args';

/*
 * `npm run backup -- --to <folder>`: the database (DATABASE_URL, or the PGlite folder DATA_DIR/db, which the API must
 * not have open) and the uploads (STORAGE_DIR or STORAGE_URL) into a new folder, with manifest.json. The same
 * configuration as the API's, so it backs up what the API serves.
 */

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const { folder } = folderArg('to', 'usage: npm run backup -- --to <new or empty folder>');
  const config = loadConfig();
  const storage = configuredStorage(config);
  const database = config.databaseUrl ? ({ kind: 'postgres', url: config.databaseUrl } as const) : ({ kind: 'pglite', dir: config.pgliteDir } as const);
  console.log(`Backing up ${database.kind === 'postgres' ? safeUrl(database.url) : `PGlite in ${database.dir}`} and ${storage.location} to ${folder}`);
  const started = Date.now();
  const m = await backup({
    to: folder,
    database,
    storage,
    app: buildInfo(config.gitCommit),
    appSecret: config.appSecret,
    onFile: (n) => n % 500 === 0 && console.log(`  ${n} files…`),
  });
  const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
  const bytes = m.files.reduce((a, f) => a + f.size, 0);
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.keys(m.tables).length} tables, ${rows} rows ` +
      `(dump ${mb(m.database.size)}), ${m.files.length} files (${mb(bytes)}), ${m.migrations.length} migrations applied.`,
  );
  console.log('The backup does not hold APP_SECRET (it seals two-factor keys): keep it apart, and restore under the same one.');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
