import type { ApplicationSummary } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { csvTable, type CsvColumns } from '../../platform/csv';

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

/** Columns of a row paired with the site's stage labels. */
const columns: CsvColumns<[ApplicationSummary, (s: ApplicationStatus) => string]> = [
  ['ID', ([a]) => a.id],
  ['Candidate', ([a]) => a.candidate.name],
  ['Email', ([a]) => a.candidate.email],
  ['Job', ([a]) => a.job.title],
  ['Reference', ([a]) => a.job.reference_number],
  ['Employer', ([a]) => a.employer.name],
  ['Status', ([a]) => a.status],
  // The site's own name for the stage, as the portal shows it.
  ['Stage', ([a, label]) => label(a.status)],
  ['Status changed', ([a]) => a.status_changed_at],
  ['Source', ([a]) => a.source],
  ['Knocked out', ([a]) => yesNo(a.knocked_out)],
  ['Enabled', ([a]) => yesNo(a.enabled)],
  ['Tags', ([a]) => a.tags.join('; ')],
  ['Applied', ([a]) => a.created_at],
];

/** The applications list as CSV, one row per application in the list's order. */
export function applicationsCsv(rows: ApplicationSummary[], labels: Map<ApplicationStatus, string>): string {
  const label = (s: ApplicationStatus) => labels.get(s) ?? s;
  return csvTable(columns, rows.map((a) => [a, label] as [ApplicationSummary, typeof label]));
}
