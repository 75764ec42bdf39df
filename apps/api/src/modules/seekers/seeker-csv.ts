import type { SeekerSummary } from '@hireline/contract/seekers';
import { csvTable, type CsvColumns } from '../../platform/csv';

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
  ['Enabled', (s) => (s.enabled ? 'yes' : 'no')],
  ['Erased', (s) => (s.erased ? 'yes' : 'no')],
  ['Created', (s) => s.created_at],
  ['Last active', (s) => s.last_active_at],
];

/** The seekers list as CSV, one row per seeker in the list's order. */
export const seekersCsv = (rows: SeekerSummary[]) => csvTable(columns, rows);
