import type { JobSummary } from '@hireline/contract/job-model';

/**
 * The jobs list as CSV (RFC 4180: comma separated, CRLF line ends, fields with a quote, comma or line break quoted
 * and their quotes doubled). A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return
 * first) gets a leading `'` so opening the export never runs what a job's author typed.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvRow = (cells: Array<string | number | boolean | null | undefined>) => cells.map(csvCell).join(',');

const columns: Array<[header: string, value: (j: JobSummary) => string | number | boolean | null]> = [
  ['ID', (j) => j.id],
  ['Reference', (j) => j.reference_number],
  ['Title', (j) => j.title],
  ['Status', (j) => j.status],
  ['Employer', (j) => j.employer.name],
  ['Consultant', (j) => j.consultant?.name ?? null],
  ['Work type', (j) => j.work_type],
  ['Classification', (j) => j.classification],
  ['Location', (j) => j.location],
  ['Tags', (j) => j.tags.join('; ')],
  ['Featured', (j) => (j.featured ? 'yes' : 'no')],
  ['Flagged', (j) => (j.flagged ? 'yes' : 'no')],
  ['Open reports', (j) => j.open_reports],
  ['Applications', (j) => j.applications_count],
  ['Advert start', (j) => j.advert_start_at],
  ['Advert end', (j) => j.advert_end_at],
  ['Posted', (j) => j.posted_at],
  ['Created', (j) => j.created_at],
];

export function jobsCsv(rows: JobSummary[]): string {
  const lines = [csvRow(columns.map(([h]) => h)), ...rows.map((j) => csvRow(columns.map(([, v]) => v(j))))];
  return lines.join('\r\n') + '\r\n';
}
