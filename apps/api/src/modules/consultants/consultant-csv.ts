import type { ConsultantSummary } from '@hireline/contract/consultants';
import { csvTable, type CsvColumns } from '../../platform/csv';

const columns: CsvColumns<ConsultantSummary> = [
  ['ID', (c) => c.id],
  ['Name', (c) => c.name],
  ['Email', (c) => c.email],
  ['Phone', (c) => c.phone],
  ['Title', (c) => c.title],
  ['Enabled', (c) => (c.enabled ? 'yes' : 'no')],
  ['Sites', (c) => c.sites.map((s) => s.name).join('; ')],
  ['Jobs', (c) => c.jobs_count],
  ['Created', (c) => c.created_at],
];

/** The consultants list as CSV, one row per consultant in the list's order. */
export const consultantsCsv = (rows: ConsultantSummary[]) => csvTable(columns, rows);
