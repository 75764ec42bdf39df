import type { JobSummary } from '@hireline/contract/job-model';
import { csvTable, type CsvColumns } from '../../platform/csv';

const columns: CsvColumns<JobSummary> = [
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

/** The jobs list as CSV, one row per job in the list's order. */
export const jobsCsv = (rows: JobSummary[]) => csvTable(columns, rows);
