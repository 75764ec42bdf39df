import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { listAccountAuditLogs } from '@hireline/contract/audit';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { useCanAtAccount } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { AuditLogList } from './AuditLogList';
import { toAccountQuery, type AuditSearch } from './audit.search';

const FROM = '/$account/audit';

/** The selected account's audit trail, for its admins (checked at the account alone, as the API does). */
export function AccountAuditPage() {
  const { t } = useTranslation('audit');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const canExport = useCanAtAccount('export', 'audit');
  const listQuery = toAccountQuery(search);
  const query = useApiQuery(listAccountAuditLogs, { query: listQuery }, { keepPrevious: true });
  return (
    <AuditLogList
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      search={search}
      go={(patch, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...(patch as Partial<AuditSearch>) }), replace })}
      query={query}
      exportButton={canExport && <ExportCsvButton endpoint={listAccountAuditLogs} query={listQuery} name="audit" />}
    />
  );
}
