import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { ObjectStorage } from './storage-s3';

/*
 * `npm run storage:migrate` (cli/storage-migrate.ts): copies the uploads of a local folder (STORAGE_DIR) into the
 * bucket (STORAGE_URL) under the same keys, so the files rows keep pointing at them. Safe to run again, and while the
 * API still serves from the folder: a key already in the bucket with the same size is skipped, anything else copied.
 */

export interface MigrateProgress {
  done: number;
  total: number;
  /** Bytes copied so far (skipped files not counted). */
  bytes: number;
}

export interface MigrateSummary {
  /** Files copied, and their bytes. */
  files: number;
  bytes: number;
  /** Files already in the bucket with the same size. */
  skipped: number;
}

/** Files copied at once: enough to hide the round trips, few enough to stay gentle with memory and the store. */
const PARALLEL = 8;

/** Every regular file under `root` as a storage key (`ab/0198…`), sorted; dotfiles (the ping's probe) are not uploads. */
export async function localKeys(root: string): Promise<{ key: string; size: number }[]> {
  const out: { key: string; size: number }[] = [];
  for (const rel of (await readdir(root, { recursive: true })).sort()) {
    if (rel.split(sep).some((s) => s.startsWith('.'))) continue;
    const st = await lstat(join(root, rel));
    if (st.isFile()) out.push({ key: rel.split(sep).join('/'), size: st.size });
  }
  return out;
}

export async function migrateUploads(root: string, target: ObjectStorage, onProgress: (p: MigrateProgress) => void = () => {}): Promise<MigrateSummary> {
  const all = await localKeys(root);
  const summary: MigrateSummary = { files: 0, bytes: 0, skipped: 0 };
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      const { key, size } = all[next++]!;
      if ((await target.sizeOf(key)) === size) {
        summary.skipped++;
      } else {
        const bytes = await readFile(join(root, key));
        await target.put(key, bytes);
        summary.files++;
        summary.bytes += bytes.length;
      }
      onProgress({ done: ++done, total: all.length, bytes: summary.bytes });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, all.length) }, worker));
  return summary;
}
