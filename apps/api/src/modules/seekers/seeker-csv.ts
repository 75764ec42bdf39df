import type { SeekerSummary } from '@hireline/contract/seekers';
import { labelColumn, timeColumn, type CsvColumns, type CsvFormat } from '../../platform/csv';
import { csvLines, type CsvBatches } from '../../platform/csv-stream';

const columns: CsvColumns<SeekerSummary> = [
  ['ID', (s) => s.id],
  ['Profile ID', (s) => s.profile_id],
  ['Name', (s) => s.name],
  ['Email', (s) => s.email],
  ['Phone', (s) => s.phone],
  ['Location', (s) => s.location],
  ['Visa type', (s) => s.visa_type],
  ['Desired work type', (s) => s.desired_work_type],
  ['Tags', (s) => s.tags.join('; ')],
  labelColumn('Enabled', 'yesNo', (s) => s.enabled),
  labelColumn('Erased', 'yesNo', (s) => s.erased),
  timeColumn('Created', (s) => s.created_at),
  timeColumn('Last active', (s) => s.last_active_at),
];

/** The seekers list as CSV, one row per seeker in the list's order. */
export const seekersCsv = (batches: CsvBatches<SeekerSummary>, f: CsvFormat) => csvLines(columns, batches, f);
