/*
 * Every list export (RFC 4180: comma separated, CRLF line ends, fields with a quote, comma or line break quoted and
 * their quotes doubled). A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return
 * first) gets a leading `'` so opening the export never runs what someone typed into a record.
 */

type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvRow = (cells: Cell[]) => cells.map(csvCell).join(',');

export type CsvColumns<T> = Array<[header: string, value: (row: T) => Cell]>;

/** A header line, then one line per row in the given order. */
export function csvTable<T>(columns: CsvColumns<T>, rows: T[]): string {
  const lines = [csvRow(columns.map(([h]) => h)), ...rows.map((r) => csvRow(columns.map(([, v]) => v(r))))];
  return lines.join('\r\n') + '\r\n';
}
