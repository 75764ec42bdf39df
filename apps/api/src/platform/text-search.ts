import { sql, type SQL } from 'drizzle-orm';

/**
 * Turning what a user typed into search conditions without ever letting it reach SQL or query syntax: the text is
 * always a bound parameter, and the tsquery is built only from letters, digits and combining marks, or quoted in SQL.
 */

/** More words than this narrow nothing further and only make the query longer. */
const MAX_WORDS = 8;

/** The words of a search text, lowercased: everything that is not a letter, digit or mark separates words. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * A `tsquery` matching documents that contain every typed word as a prefix (`ware hou` → `'ware':* & 'hou':*`), so a
 * partial word finds the whole one through the GIN index on a generated `search` column (`simple` configuration).
 *
 * The documents were split by PostgreSQL's parser, which keeps an email whole and reads `WH-002` as `wh` and `-002`:
 * the plain words alone would miss those. So the text is also split by that parser, each of its lexemes quoted in
 * SQL (`\` and `'` escaped) and made a prefix, and a document matching either query is found (one query when both
 * read the text alike).
 * Null when the text has no words (only punctuation): then there is nothing to look for in the full text.
 */
export function prefixTsQuery(text: string): SQL | null {
  const words = searchWords(text);
  if (!words.length) return null;
  const typed = words.map((w) => `'${w}':*`).join(' & ');
  const parsed = sql`(select to_tsquery('simple', string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')) from unnest(to_tsvector('simple', ${text})))`;
  // Usually the parser reads the text as the typed words did ('kowalski' both ways): then one query, not the same
  // one ORed with itself, which every matching row would evaluate twice (bench/README.md: a tenth of a search page).
  return sql`(select case when p is null or p = t then t else t || p end from (select to_tsquery('simple', ${typed}) as t, ${parsed} as p) x)`;
}

/** A LIKE pattern matching `text` literally anywhere: the user's `%` and `_` are text, not wildcards. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
