import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { ADMIN_URL, databaseUrl, dbName, readMarker } from './config.mjs';

/**
 * Where generate.mjs writes: a scratch database on the PostgreSQL server (the default), or an embedded PGlite
 * folder (`--pglite <dir>`) for the embedded-default comparison. Either way the fillers get a client with
 * `query(sql, params) → { rows }` (pg.Client and PGlite share that much), the database is migrated by the API's
 * own migrator, and a marker written last says the data set is complete.
 */

export async function serverTarget(preset) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = dbName(preset);
  const url = databaseUrl(preset);
  let client = null;
  return {
    label: name,
    marker: async () => (await readMarker(admin, preset)).marker,
    async create() {
      // FORCE ends sessions left on the scratch database by an interrupted run; it touches no other database.
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    },
    async migrate() {
      const database = await openDatabase({ url });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
    },
    async connect() {
      client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
    /** A second session, so two index builds run at once (one per core); null where there is only one. */
    async second() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    },
    async writeMarker(value) {
      await admin.query(`comment on database ${name} is '${JSON.stringify(value).replaceAll("'", "''")}'`);
    },
    async close() {
      await client?.end();
      await admin.end();
    },
  };
}

/** PGlite keeps one database in a folder, used by one process: the marker is a file beside it. */
export async function pgliteTarget(dir) {
  const markerFile = join(dir, 'bench-marker.json');
  let database = null;
  return {
    label: `PGlite in ${dir}`,
    marker: async () => (existsSync(markerFile) ? JSON.parse(readFileSync(markerFile, 'utf8')) : null),
    async create() {
      rmSync(dir, { recursive: true, force: true });
      database = await openDatabase({ dataDir: dir });
    },
    migrate: () => migrate(database),
    connect: async () => database.pglite,
    second: async () => null,
    async writeMarker(value) {
      writeFileSync(markerFile, `${JSON.stringify(value, null, 2)}\n`);
    },
    async close() {
      await database?.close();
    },
  };
}
