import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { migrateUploads, type MigrateProgress } from '../platform/storage-migrate';
import { s3Storage } from '../platform/storage-s3';

/*
 * `npm run storage:migrate`: copies the local uploads (STORAGE_DIR, by default DATA_DIR/uploads) into the bucket that
 * STORAGE_URL names, with the same configuration as the API. Run it before (and, to catch late uploads, once more
 * after) switching the API to the bucket; a second run copies only what is missing or differs in size.
 */

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** A bar redrawn in place on a terminal; in a log, a line every 10 % so the log stays short. */
function progressPrinter() {
  let lastTenth = -1;
  return ({ done, total, bytes }: MigrateProgress) => {
    const share = total ? done / total : 1;
    const text = `${String(Math.round(share * 100)).padStart(3)}% ${done}/${total} files, ${mb(bytes)} copied`;
    if (process.stdout.isTTY) {
      const width = 30;
      const filled = Math.round(share * width);
      process.stdout.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}`);
      if (done === total) process.stdout.write('\n');
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      console.log(text);
    }
  };
}

async function main() {
  const config = loadConfig();
  if (!config.objectStorage) {
    console.error('storage:migrate copies STORAGE_DIR into a bucket: set STORAGE_URL=s3://bucket/prefix (and S3_ENDPOINT, S3_* keys if needed).');
    process.exit(2);
  }
  if (!existsSync(config.storageDir)) {
    console.error(`No local uploads folder at ${config.storageDir} (STORAGE_DIR, or DATA_DIR/uploads); nothing to copy.`);
    process.exit(1);
  }
  const target = s3Storage(config.objectStorage);
  // A wrong bucket, endpoint or key fails here with the store's own words, before any file is read.
  await target.ping().catch((err: Error) => {
    throw new Error(`Cannot reach ${target.location}: ${err.name}: ${err.message}`);
  });
  console.log(`Copying uploads from ${config.storageDir} to ${target.location}`);
  const started = Date.now();
  const s = await migrateUploads(config.storageDir, target, progressPrinter());
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${s.files} files copied (${mb(s.bytes)}), ` +
      `${s.skipped} skipped (already in the bucket with the same size), ${s.files + s.skipped} in all.`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
