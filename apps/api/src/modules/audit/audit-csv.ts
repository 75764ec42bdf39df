import type { AuditLogEntry, EnterpriseAuditLogEntry } from '@hireline/contract/audit';
import { timeColumn, type CsvColumns } from '../../platform/csv';
import { csvLines, type CsvBatches } from '../../platform/csv-stream';

type Row = AuditLogEntry & Partial<Pick<EnterpriseAuditLogEntry, 'account'>>;

const columns: CsvColumns<Row> = [
  ['ID', (r) => r.id],
  timeColumn('Time', (r) => r.created_at),
  ['Action', (r) => r.action],
  ['Subject type', (r) => r.subject_type],
  ['Subject ID', (r) => r.subject_id],
  ['Actor', (r) => r.actor?.name],
  ['Actor email', (r) => r.actor?.email],
  ['Impersonator', (r) => r.impersonator?.name],
  ['Impersonator email', (r) => r.impersonator?.email],
  ['IP', (r) => r.ip],
  // One JSON object per cell: the recorded details vary by action, so no fixed columns could hold them.
  ['Data', (r) => JSON.stringify(r.data)],
];

const accountColumn: CsvColumns<Row>[number] = ['Account', (r) => r.account?.name];

/** The audit list as CSV in the list's order; the enterprise's export also says which account each entry belongs to. */
export const auditCsv = (batches: CsvBatches<Row>, withAccount: boolean) =>
  csvLines(withAccount ? [...columns.slice(0, 2), accountColumn, ...columns.slice(2)] : columns, batches);
