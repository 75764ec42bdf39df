import { sql, type SQL } from 'drizzle-orm';
import { check, customType, text, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';

/**
 * Column helpers shared by every aggregate in `schema/`. Column names are spelled out in snake_case
 * so the SQL, the migrations and the TypeScript property names map one to one without a casing option.
 */

/** Time-ordered ids from the app; the SQL default keeps hand-written inserts (psql, fixtures) working. */
export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)
    .$defaultFn(() => uuidv7());

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => tstz('created_at').notNull().defaultNow();

export const updatedAt = () =>
  tstz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

export const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** Written only by PostgreSQL (generated columns); the app reads it through `@@` queries. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * Enumerations are stored as text with a CHECK so a new value is one migration that swaps the constraint,
 * not an `ALTER TYPE` that cannot run inside a transaction on older servers.
 */
export function oneOf(name: string, column: PgColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);
}

/** A weighted `simple`-configuration document: language-neutral, so names and codes match as typed. */
export function searchDocument(parts: Array<[column: string, weight: 'A' | 'B' | 'C' | 'D']>): SQL {
  const pieces = parts.map(
    ([column, weight]) => `setweight(to_tsvector('simple', coalesce(${column}, '')), '${weight}')`,
  );
  return sql.raw(pieces.join(' || '));
}
