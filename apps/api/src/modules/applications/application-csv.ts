import type { ApplicationSummary } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';

/**
 * The applications list as CSV (RFC 4180: comma separated, CRLF line ends, fields with a quote, comma or line break
 * quoted and their quotes doubled). A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage
 * return first) gets a leading `'`, so opening the export never runs what a candidate typed into their name.
 * The same rules as the jobs export (modules do not share internals, so the few lines are repeated here).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const csvRow = (cells: Array<string | number | boolean | null | undefined>) => cells.map(csvCell).join(',');

type Column = [header: string, value: (a: ApplicationSummary, label: (s: ApplicationStatus) => string) => string | null];

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

const columns: Column[] = [
  ['ID', (a) => a.id],
  ['Candidate', (a) => a.candidate.name],
  ['Email', (a) => a.candidate.email],
  ['Job', (a) => a.job.title],
  ['Reference', (a) => a.job.reference_number],
  ['Employer', (a) => a.employer.name],
  ['Status', (a) => a.status],
  // The site's own name for the stage, as the portal shows it.
  ['Stage', (a, label) => label(a.status)],
  ['Status changed', (a) => a.status_changed_at],
  ['Source', (a) => a.source],
  ['Knocked out', (a) => yesNo(a.knocked_out)],
  ['Enabled', (a) => yesNo(a.enabled)],
  ['Tags', (a) => a.tags.join('; ')],
  ['Applied', (a) => a.created_at],
];

export function applicationsCsv(rows: ApplicationSummary[], labels: Map<ApplicationStatus, string>): string {
  const label = (s: ApplicationStatus) => labels.get(s) ?? s;
  const lines = [csvRow(columns.map(([h]) => h)), ...rows.map((a) => csvRow(columns.map(([, v]) => v(a, label))))];
  return lines.join('\r\n') + '\r\n';
}
