import { csvLabel, type CsvLabelKind, type CsvLang } from './csv-labels';

/*
 * Every list export (RFC 4180: comma separated, CRLF line ends, fields with a quote, comma or line break quoted and
 * their quotes doubled). A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return
 * first) gets a leading `'` so opening the export never runs what someone typed into a record.
 *
 * The file starts with a UTF-8 byte order mark: without it Excel reads the bytes as the machine's legacy code page and
 * turns accents and Arabic into mojibake. Times are written in the site's time zone, which the column's header
 * names, as `YYYY-MM-DD HH:mm:ss` (a form spreadsheets read as a date); enumerations are written as their labels in
 * the site's language, next to the record's id for anyone who needs to match rows back.
 */

type Cell = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';

export function csvCell(value: Cell): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvRow = (cells: Cell[]) => cells.map(csvCell).join(',');

/** Where an export is read: the site's time zone and language, or UTC and English when it belongs to no site. */
export interface CsvFormat {
  timeZone: string;
  lang: CsvLang;
}

export const defaultCsvFormat: CsvFormat = { timeZone: 'UTC', lang: 'en' };

type Header = string | ((f: CsvFormat) => string);
export type CsvColumns<T> = Array<[header: Header, value: (row: T, f: CsvFormat) => Cell]>;

// One formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than formatting with one,
// and made per cell it was most of an export's time (51 of 111 s of CPU for 300,000 applications).
const stamps = new Map<string, Intl.DateTimeFormat>();
const stamp = (timeZone: string): Intl.DateTimeFormat => {
  let format = stamps.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    stamps.set(timeZone, format);
  }
  return format;
};

/** An instant as wall-clock time in the zone: `2030-01-02 13:00:00`. */
export function csvTime(iso: string | Date | null | undefined, timeZone: string): string | null {
  if (iso === null || iso === undefined) return null;
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return null;
  const p = Object.fromEntries(stamp(timeZone).formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A column of instants in the export's zone; its header names the zone. */
export const timeColumn = <T>(header: string, at: (row: T) => string | Date | null | undefined): CsvColumns<T>[number] => [
  (f) => `${header} (${f.timeZone})`,
  (r, f) => csvTime(at(r), f.timeZone),
];

/** A column of an enumeration written as its label in the export's language. */
export const labelColumn = <T>(header: string, kind: CsvLabelKind, value: (row: T) => string | boolean | null | undefined): CsvColumns<T>[number] => [
  header,
  (r, f) => csvLabel(f.lang, kind, value(r)),
];

/* The byte order mark, the header line and the rows are written by csv-stream.ts, a batch at a time. */
