import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { tenantSetting, withTenants } from '../db/tenant-context';
import { csvLines, csvStream, csvText, type CsvBatches } from './csv-stream';
import type { CsvColumns } from './csv';

type Row = { id: number; name: string };
const columns: CsvColumns<Row> = [
  ['ID', (r) => r.id],
  ['Name', (r) => r.name],
];
// Long enough that one batch's text is past the stream's byte high-water mark, as a real batch of 1,000 rows is.
const name = 'x'.repeat(2000);

/** A source of `total` rows in batches, counting the batches it has handed out. */
function source(total: number) {
  const seen = { fetched: 0, lastAfter: [] as Array<number | null> };
  const batches: CsvBatches<Row> = async (last, limit, offset) => {
    seen.fetched++;
    seen.lastAfter.push(last?.id ?? null);
    const from = offset;
    return Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({ id: from + i + 1, name }));
  };
  return { batches, seen };
}

describe('csvLines', () => {
  it('writes the byte order mark, the header and every row once, passing each batch the last row before it', async () => {
    const { batches, seen } = source(25);
    const text = await csvText(csvLines(columns, batches, undefined, 10));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Name');
    expect(lines.slice(1, -1).map((l) => Number(l.split(',')[0]))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(lines.at(-1)).toBe('');
    expect(seen.lastAfter).toEqual([null, 10, 20]);
  });

  it('ends after a full batch with an empty one, and writes only the header for no rows', async () => {
    const full = source(20);
    await csvText(csvLines(columns, full.batches, undefined, 10));
    expect(full.seen.fetched).toBe(3);
    expect(await csvText(csvLines(columns, source(0).batches, undefined, 10))).toBe('\uFEFFID,Name\r\n');
  });

  it('reads the next batch only as a slow client takes the previous: never more than two batches ahead', async () => {
    const { batches, seen } = source(200);
    let consumed = 0;
    let maxAhead = 0;
    const waiting: Array<() => void> = [];
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _enc, done) {
        consumed += chunk.toString('utf8').split('\r\n').length - 1;
        // Batches read but not yet taken by the client (a batch is 10 rows here; the header line counts as nothing).
        maxAhead = Math.max(maxAhead, seen.fetched - Math.floor(Math.max(0, consumed - 1) / 10));
        waiting.push(done);
      },
    });
    const piping = pipeline(csvStream(csvLines(columns, batches, undefined, 10)), slow);
    let finished = false;
    void piping.then(() => (finished = true));
    // The client takes one piece per turn of the event loop; the source answers at once, so only backpressure can hold it.
    while (!finished) {
      await new Promise((r) => setImmediate(r));
      waiting.shift()?.();
    }
    await piping;
    expect(consumed).toBe(201);
    expect(seen.fetched).toBe(21);
    expect(maxAhead).toBeLessThanOrEqual(2);
  });

  it('runs every batch in the tenant context of the caller, also those pulled after the caller returned', async () => {
    const settings: string[] = [];
    const batches: CsvBatches<Row> = async (_last, limit, offset) => {
      settings.push(tenantSetting());
      return offset < 30 ? Array.from({ length: limit }, (_, i) => ({ id: offset + i, name: 'n' })) : [];
    };
    const pieces = withTenants(['acc-1', 'acc-2'], () => csvLines(columns, batches, undefined, 10));
    await csvText(pieces);
    expect(settings).toEqual(['acc-1,acc-2', 'acc-1,acc-2', 'acc-1,acc-2', 'acc-1,acc-2']);
    expect(tenantSetting()).toBe('*');
  });
});
