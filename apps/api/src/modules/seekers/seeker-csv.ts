import type { SeekerSummary } from '@hireline/contract/seekers';
// One formula-safe CSV writer for every export (RFC 4180, spreadsheet formulas neutralised), not a second copy.
import { csvRow } from '../jobs/job-csv';

const columns: Array<[header: string, value: (s: SeekerSummary) => string | number | boolean | null]> = [
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
export function seekersCsv(rows: SeekerSummary[]): string {
  const lines = [csvRow(columns.map(([h]) => h)), ...rows.map((s) => csvRow(columns.map(([, v]) => v(s))))];
  return lines.join('\r\n') + '\r\n';
}
