import type { ApplicationSummary } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { csvTable, labelColumn, timeColumn, type CsvColumns, type CsvFormat } from '../../platform/csv';

/** Columns of a row paired with the site's stage labels. */
const columns: CsvColumns<[ApplicationSummary, (s: ApplicationStatus) => string]> = [
  ['ID', ([a]) => a.id],
  ['Candidate', ([a]) => a.candidate.name],
  ['Email', ([a]) => a.candidate.email],
  ['Job', ([a]) => a.job.title],
  ['Reference', ([a]) => a.job.reference_number],
  ['Employer', ([a]) => a.employer.name],
  labelColumn('Status', 'applicationStatus', ([a]) => a.status),
  // The site's own name for the stage, as the portal shows it.
  ['Stage', ([a, label]) => label(a.status)],
  timeColumn('Status changed', ([a]) => a.status_changed_at),
  ['Source', ([a]) => a.source],
  labelColumn('Knocked out', 'yesNo', ([a]) => a.knocked_out),
  labelColumn('Enabled', 'yesNo', ([a]) => a.enabled),
  ['Tags', ([a]) => a.tags.join('; ')],
  timeColumn('Applied', ([a]) => a.created_at),
];

/** The applications list as CSV, one row per application in the list's order. */
export function applicationsCsv(rows: ApplicationSummary[], labels: Map<ApplicationStatus, string>, f: CsvFormat): string {
  const label = (s: ApplicationStatus) => labels.get(s) ?? s;
  return csvTable(columns, rows.map((a) => [a, label] as [ApplicationSummary, typeof label]), f);
}
