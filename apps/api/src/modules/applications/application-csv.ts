import type { ApplicationSummary } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { labelColumn, timeColumn, type CsvColumns, type CsvFormat } from '../../platform/csv';
import { csvLines, type CsvBatches } from '../../platform/csv-stream';

/** A row paired with the site's stage labels. */
type Row = [ApplicationSummary, (s: ApplicationStatus) => string];

/** The columns, in order. */
const columns: CsvColumns<Row> = [
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

/** The applications list as CSV, one row per application in the list's order, streamed batch by batch. */
export function applicationsCsv(batches: CsvBatches<ApplicationSummary>, labels: Map<ApplicationStatus, string>, f: CsvFormat) {
  const label = (s: ApplicationStatus) => labels.get(s) ?? s;
  const withLabels: CsvBatches<Row> = async (last, limit, offset) =>
    (await batches(last?.[0] ?? null, limit, offset)).map((a) => [a, label] as Row);
  return csvLines(columns, withLabels, f);
}
