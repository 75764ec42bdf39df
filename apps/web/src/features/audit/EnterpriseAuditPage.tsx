import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { listEnterpriseAuditLogs } from '@hireline/contract/audit';
import { listEnterpriseAccounts } from '@hireline/contract/enterprise';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { useCanCheck } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { AuditLogList } from './AuditLogList';
import { toEnterpriseQuery } from './audit.search';

const FROM = '/enterprise/audit';

/**
 * Enterprise administration is judged with no account or site selected (ADR 006): requests go without the scope
 * headers, and the checks here are made the same way.
 */
const ENTERPRISE_REQUEST = { scoped: false } as const;

/** The enterprise's audit trail across its accounts, for enterprise staff; the account filter lists its accounts. */
export function EnterpriseAuditPage() {
  const { t } = useTranslation('audit');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const can = useCanCheck();
  const listQuery = toEnterpriseQuery(search);
  const query = useApiQuery(listEnterpriseAuditLogs, { query: listQuery, ...ENTERPRISE_REQUEST }, { keepPrevious: true });
  // The account filter needs the accounts list, which staff who may only read the trail cannot read: no filter then.
  const accounts = useApiQuery(
    listEnterpriseAccounts,
    { query: { per_page: 100 }, ...ENTERPRISE_REQUEST },
    { enabled: can('view', 'enterprise', 'enterprise'), staleTime: 60_000 },
  );
  return (
    <AuditLogList
      title={t('page.enterpriseTitle')}
      subtitle={t('page.enterpriseSubtitle')}
      search={search}
      go={(patch, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace })}
      query={query}
      exportButton={
        can('export', 'audit', 'enterprise') && <ExportCsvButton endpoint={listEnterpriseAuditLogs} query={listQuery} name="audit" />
      }
      enterprise={{ accounts: accounts.data?.data.map((a) => ({ id: a.id, name: a.name })) }}
    />
  );
}
