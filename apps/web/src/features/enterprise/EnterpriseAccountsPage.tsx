import { useNavigate, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import { listEnterpriseAccounts, type EnterpriseAccountSummary } from '@hireline/contract/enterprise';
import { SelectFilter } from '../../components/list/filter-fields';
import { FilterGrid, FilterPanel } from '../../components/list/FilterPanel';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { useListPager } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { formatNumber } from '../../lib/format';
import { listPaging, yesNo } from '../../lib/list-search';
import { AccountEnabledChip, ColorSwatch } from './AccountBits';
import { ENTERPRISE_REQUEST, useEnterpriseCan } from './enterprise-data';
import { activeFilters, clearedFilters, hasFilters, toListQuery, type EnterpriseAccountsSearch } from './enterprise.search';

const FROM = '/enterprise/accounts';

/** The enterprise's accounts: searched, filtered and paged in the URL; each opens its detail. */
export function EnterpriseAccountsPage() {
  const { t, i18n } = useTranslation('enterprise');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const can = useEnterpriseCan();
  const canCreate = can('create');
  const query = useApiQuery(listEnterpriseAccounts, { query: toListQuery(search), ...ENTERPRISE_REQUEST }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<EnterpriseAccountsSearch>, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const setSearch = (patch: Partial<EnterpriseAccountsSearch>, replace = false) => go({ ...patch, page: undefined }, replace);
  const pager = useListPager(listPaging(search), query.data, go);
  const filtered = hasFilters(search);
  const missing = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('list.none')}
    </Box>
  );
  const add = canCreate && (
    <ButtonLink to="/enterprise/accounts/create" variant="contained" startIcon={<AddOutlined />}>
      {t('list.add')}
    </ButtonLink>
  );
  const number = (n: number) => formatNumber(n, i18n.language);
  const columns: ListColumn<EnterpriseAccountSummary>[] = [
    {
      id: 'name',
      header: t('list.columns.name'),
      rowHeader: true,
      cell: (a) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <ColorSwatch color={a.primary_color} />
          <RouterLink to="/enterprise/accounts/$id" params={{ id: a.id }} sx={{ fontWeight: 600 }}>
            {a.name}
          </RouterLink>
        </Box>
      ),
    },
    { id: 'slug', header: t('list.columns.slug'), cell: (a) => <bdi dir="ltr">{a.slug}</bdi> },
    { id: 'domain', header: t('list.columns.domain'), cell: (a) => (a.domain ? <bdi dir="ltr">{a.domain}</bdi> : missing) },
    { id: 'sites', header: t('list.columns.sites'), align: 'right', cell: (a) => number(a.sites_count) },
    { id: 'users', header: t('list.columns.users'), align: 'right', cell: (a) => number(a.users_count) },
    { id: 'enabled', header: t('list.columns.enabled'), cell: (a) => <AccountEnabledChip enabled={a.enabled} /> },
  ];

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={add} />
      <ListCard query={query} rows={rows} errorTitle={t('list.loadError')} pager={pager}>
        <FilterPanel
          label={t('list.filters.label')}
          search={{ label: t('list.filters.search'), placeholder: t('list.filters.searchHint'), value: search.q, onChange: (q) => setSearch({ q }, true) }}
          clear={{ label: t('list.filters.clear'), shown: filtered, active: activeFilters(search), onClear: () => setSearch(clearedFilters) }}
        >
          <FilterGrid columns={4}>
            <SelectFilter
              label={t('list.filters.enabled')}
              value={search.enabled}
              onChange={(value) => setSearch({ enabled: yesNo(value) })}
              any={<em>{t('list.filters.any')}</em>}
              options={[
                { value: 'true', label: t('list.filters.enabledOnly') },
                { value: 'false', label: t('list.filters.disabledOnly') },
              ]}
            />
          </FilterGrid>
        </FilterPanel>
        {rows?.length === 0 ? (
          <ListEmpty
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            hint={filtered ? t('list.emptyFilteredHint') : t('list.emptyHint')}
            action={
              filtered ? (
                <Button variant="outlined" onClick={() => setSearch(clearedFilters)}>
                  {t('list.filters.clear')}
                </Button>
              ) : add || undefined
            }
          />
        ) : (
          <ListTable label={t('list.title')} minWidth={860} columns={columns} rows={rows} />
        )}
      </ListCard>
    </>
  );
}
