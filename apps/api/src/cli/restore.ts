import { loadConfig } from '../config';
import { safeUrl } from '../ops/pg-tools';
import { restore } from '../ops/restore';
import { configuredStorage } from '../platform/storage-config';
import { folderArg } from './args';

/*
 * `npm run restore -- --from <folder> [--force]`: a backup into the configured database and storage, which must be
 * empty (--force erases them first), then verified against the manifest. Exits 1 on any difference, naming it.
 * Stop the API first: it would otherwise migrate or write into the database being restored.
 */

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const { folder, force } = folderArg('from', 'usage: npm run restore -- --from <backup folder> [--force]');
  const config = loadConfig();
  const storage = configuredStorage(config);
  const database = config.databaseUrl ? ({ kind: 'postgres', url: config.databaseUrl } as const) : ({ kind: 'pglite', dir: config.pgliteDir } as const);
  console.log(`Restoring ${folder} into ${database.kind === 'postgres' ? safeUrl(database.url) : `PGlite in ${database.dir}`} and ${storage.location}`);
  const s = await restore({ from: folder, database, storage, force, appSecret: config.appSecret, onFile: (n, total) => n % 500 === 0 && console.log(`  ${n}/${total} files…`) });
  const m = s.manifest;
  console.log(`Backup of ${m.created_at} (version ${m.app.version}${m.app.commit ? `, ${m.app.commit}` : ''}, ${m.migrations.length} migrations).`);
  console.log(`Restored ${s.tables} tables, ${s.rows} rows, ${s.files} files (${mb(s.bytes)}).`);
  if (s.mismatches.length) {
    console.error(`Verification FAILED, ${s.mismatches.length} difference(s) from the manifest:\n  ${s.mismatches.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Verified: every table has its row count and every file its sha256.');
  if (s.sameSecret === false)
    console.warn(
      'Warning: this deployment\'s APP_SECRET is not the one the backup was taken under. Set the old one (APP_SECRET, or ' +
        'the file DATA_DIR/secret) before starting the API: two-factor sign-in and signed links depend on it.',
    );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
