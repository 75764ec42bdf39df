import type { Config } from '../config';
import { localStorage, type Storage } from './storage';
import { s3Storage } from './storage-s3';

/** The storage the configuration names: the bucket of STORAGE_URL when set, else the local folder (STORAGE_DIR). */
export function configuredStorage(c: Pick<Config, 'storageDir' | 'objectStorage'>): Storage {
  return c.objectStorage ? s3Storage(c.objectStorage) : localStorage(c.storageDir);
}
