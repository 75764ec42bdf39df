import type { ConsultantSummary } from '@hireline/contract/consultants';
import { labelColumn, timeColumn, type CsvColumns, type CsvFormat } from '../../platform/csv';
import { csvLines, type CsvBatches } from '../../platform/csv-stream';

const columns: CsvColumns<ConsultantSummary> = [
  ['ID', (c) => c.id],
  ['Name', (c) => c.name],
  ['Email', (c) => c.email],
  ['Phone', (c) => c.phone],
  ['Title', (c) => c.title],
  labelColumn('Enabled', 'yesNo', (c) => c.enabled),
  ['Sites', (c) => c.sites.map((s) => s.name).join('; ')],
  ['Jobs', (c) => c.jobs_count],
  timeColumn('Created', (c) => c.created_at),
];

/** The consultants list as CSV, one row per consultant in the list's order. */
export const consultantsCsv = (batches: CsvBatches<ConsultantSummary>, f: CsvFormat) => csvLines(columns, batches, f);
