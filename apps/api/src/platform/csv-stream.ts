import { Readable } from 'node:stream';
import { unlimitedWork } from '../db/request-limits';
import { bindTenants } from '../db/tenant-context';
import { CSV_BOM, csvRow, defaultCsvFormat, type CsvColumns, type CsvFormat } from './csv';

/*
 * Every export is the whole filtered list, written as it is read: one batch of rows is fetched, turned into text and
 * handed to the reply stream, and the next is fetched only when the stream asks for more (Readable.from pulls this
 * generator only while its buffer is below the high-water mark, which the socket drains). A slow client therefore
 * holds the export where it is instead of the server piling rows up, and memory stays one batch whatever the size.
 */

/** Rows read per query while an export is written. */
export const CSV_BATCH_ROWS = 1000;

/**
 * The next batch of at most `limit` rows after `last` (the previous batch's last row, null for the first) in the
 * list's order. A source pages by keyset on (sort column, id) where it can, else by offset (`offset` rows already sent).
 */
export type CsvBatches<T> = (last: T | null, limit: number, offset: number) => Promise<T[]>;

/**
 * The byte order mark and header line, then the rows of every batch, as pieces of text to stream. The batches run in
 * the tenant context of the caller: the reply stream pulls them after the request's handler has returned, outside the
 * context row-level security reads (db/tenant-context.ts), so a long export keeps the caller's accounts for every one.
 */
export function csvLines<T>(columns: CsvColumns<T>, batches: CsvBatches<T>, f: CsvFormat = defaultCsvFormat, batchRows = CSV_BATCH_ROWS) {
  // Bound here, when the handler calls it: a generator's body runs only when first pulled, by then outside the request.
  // Without the request's limits: an export of a whole list may rightly outlast an interactive statement timeout,
  // and its batches, pulled as the client reads, would otherwise hold a search slot (db/request-limits.ts).
  return lines(columns, bindTenants(unlimitedWork(batches)), f, batchRows);
}

async function* lines<T>(columns: CsvColumns<T>, batches: CsvBatches<T>, f: CsvFormat, batchRows: number): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvRow(columns.map(([h]) => (typeof h === 'function' ? h(f) : h)))}\r\n`;
  let last: T | null = null;
  let offset = 0;
  for (;;) {
    const rows: T[] = await batches(last, batchRows, offset);
    if (rows.length) yield rows.map((r) => `${csvRow(columns.map(([, v]) => v(r, f)))}\r\n`).join('');
    if (rows.length < batchRows) return;
    last = rows[rows.length - 1]!;
    offset += rows.length;
  }
}

/**
 * The stream a reply sends: it pulls the next piece only when its buffer is below the high-water mark, counted in bytes
 * (not in pieces, as object mode would, where 16 batches could wait in the buffer), which one batch's text passes.
 */
export const csvStream = (pieces: AsyncIterable<string>) => Readable.from(pieces, { objectMode: false });

/** An export held whole in memory (tests, small fixed lists): the same text the stream writes. */
export async function csvText(lines: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const piece of lines) out += piece;
  return out;
}
