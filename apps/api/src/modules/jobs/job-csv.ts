import type { JobSummary } from '@hireline/contract/job-model';
import { labelColumn, timeColumn, type CsvColumns, type CsvFormat } from '../../platform/csv';
import { csvLines, type CsvBatches } from '../../platform/csv-stream';

const columns: CsvColumns<JobSummary> = [
  ['ID', (j) => j.id],
  ['Reference', (j) => j.reference_number],
  ['Title', (j) => j.title],
  labelColumn('Status', 'jobStatus', (j) => j.status),
  ['Employer', (j) => j.employer.name],
  ['Consultant', (j) => j.consultant?.name ?? null],
  ['Work type', (j) => j.work_type],
  ['Classification', (j) => j.classification],
  ['Location', (j) => j.location],
  ['Tags', (j) => j.tags.join('; ')],
  labelColumn('Featured', 'yesNo', (j) => j.featured),
  labelColumn('Flagged', 'yesNo', (j) => j.flagged),
  ['Open reports', (j) => j.open_reports],
  ['Applications', (j) => j.applications_count],
  timeColumn('Advert start', (j) => j.advert_start_at),
  timeColumn('Advert end', (j) => j.advert_end_at),
  timeColumn('Posted', (j) => j.posted_at),
  timeColumn('Created', (j) => j.created_at),
];

/** The jobs list as CSV, one row per job in the list's order, streamed batch by batch. */
export const jobsCsv = (batches: CsvBatches<JobSummary>, f: CsvFormat) => csvLines(columns, batches, f);
