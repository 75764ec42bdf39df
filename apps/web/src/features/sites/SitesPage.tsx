import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useTranslation } from 'react-i18next';
import { listSites, type SiteSummary } from '@hireline/contract/sites';
import { ListSearchBox } from '../../components/list/FilterPanel';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { useListPager } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { IconButtonLink, RouterLink } from '../../components/RouterLink';
import { useCanAtAccount } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate, formatNumber } from '../../lib/format';
import { listPaging } from '../../lib/list-search';
import { DomainVerificationDialog } from './DomainVerificationDialog';
import { CreateSiteDialog, EditSiteDialog } from './SiteDialog';
import { clearedFilters, hasFilters, toListQuery, type SiteSort, type SitesSearch } from './sites.search';

const FROM = '/$account/sites';
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The selected account's sites (job boards): searched, sorted and paged in the URL; added and edited in dialogs;
 * each row links to that site's settings when the user can open the site.
 */
export function SitesPage() {
  const { t, i18n } = useTranslation('settings');
  const lng = i18n.language;
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const { account } = useParams({ from: FROM });
  const canCreate = useCanAtAccount('create', 'sites');
  const canUpdate = useCanAtAccount('update', 'sites');
  const user = useCurrentUser();
  // Sites the user can open (their settings link); a disabled site may not be one of them.
  const reachable = new Set(user?.accounts.find((a) => a.slug === account)?.sites.map((s) => s.slug) ?? []);

  const query = useApiQuery(listSites, { query: toListQuery(search) }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<SitesSearch>, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const pager = useListPager(listPaging(search), query.data, go);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<{ site: SiteSummary; open: boolean } | null>(null);
  const [verifying, setVerifying] = useState<{ site: SiteSummary; open: boolean } | null>(null);

  const onOff = (on: boolean, onLabel: string, offLabel: string) => (
    <Chip size="small" variant="outlined" color={on ? 'success' : 'default'} label={on ? onLabel : offLabel} />
  );
  const columns: ListColumn<SiteSummary, 'name' | 'created_at'>[] = [
    {
      id: 'name',
      header: t('sites.columns.name'),
      sort: 'name',
      rowHeader: true,
      cell: (site) =>
        reachable.has(site.slug) ? (
          <RouterLink to="/$account/$site/settings" params={{ account, site: site.slug }} sx={{ fontWeight: 600 }}>
            {site.name}
          </RouterLink>
        ) : (
          <Box component="span" sx={{ fontWeight: 600 }}>
            {site.name}
          </Box>
        ),
    },
    { id: 'slug', header: t('sites.columns.slug'), sx: NO_WRAP, cell: (site) => <bdi dir="ltr">{site.slug}</bdi> },
    {
      id: 'domain',
      header: t('sites.columns.domain'),
      cell: (site) =>
        site.domain ? (
          <>
            <bdi dir="ltr">{site.domain}</bdi>
            {/* A claimed domain serves no board until it is proved. */}
            {!site.domain_verified && <Chip size="small" color="warning" variant="outlined" label={t('sites.unverified')} sx={{ marginInlineStart: 1 }} />}
          </>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('sites.noDomain')}
          </Box>
        ),
    },
    { id: 'board', header: t('sites.columns.board'), cell: (site) => onOff(site.board_enabled, t('sites.boardOn'), t('sites.boardOff')) },
    { id: 'enabled', header: t('sites.columns.enabled'), cell: (site) => onOff(site.enabled, t('enabled'), t('disabled')) },
    { id: 'jobs', header: t('sites.columns.jobs'), align: 'right', cell: (site) => formatNumber(site.jobs_count, lng) },
    { id: 'employers', header: t('sites.columns.employers'), align: 'right', cell: (site) => formatNumber(site.employers_count, lng) },
    {
      id: 'created',
      header: t('sites.columns.created'),
      sort: 'created_at',
      first: 'desc',
      sx: NO_WRAP,
      cell: (site) => formatDate(site.created_at, lng),
    },
    {
      id: 'actions',
      header: t('sites.columns.actions'),
      align: 'right',
      sx: NO_WRAP,
      cell: (site) => (
        <>
          {reachable.has(site.slug) && (
            <Tooltip title={t('sites.openSettings', { name: site.name })}>
              <IconButtonLink
                to="/$account/$site/settings"
                params={{ account, site: site.slug }}
                aria-label={t('sites.openSettings', { name: site.name })}
              >
                <SettingsOutlined />
              </IconButtonLink>
            </Tooltip>
          )}
          {canUpdate && site.domain && !site.domain_verified && (
            <Tooltip title={t('sites.verify.open', { domain: site.domain })}>
              <IconButton aria-label={t('sites.verify.open', { domain: site.domain })} onClick={() => setVerifying({ site, open: true })}>
                <VerifiedUserOutlined />
              </IconButton>
            </Tooltip>
          )}
          {canUpdate && (
            <Tooltip title={t('sites.edit', { name: site.name })}>
              <IconButton aria-label={t('sites.edit', { name: site.name })} onClick={() => setEditing({ site, open: true })}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
          )}
        </>
      ),
    },
  ];

  const filtered = hasFilters(search);
  const addButton = canCreate && (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
      {t('sites.add')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('sites.title')} subtitle={t('sites.subtitle')} actions={addButton} />
      <ListCard query={query} rows={rows} errorTitle={t('sites.loadError')} pager={pager}>
        <ListSearchBox
          label={t('sites.search')}
          placeholder={t('sites.searchPlaceholder')}
          value={search.q}
          onChange={(q) => go({ q, page: undefined }, true)}
        />
        {rows?.length === 0 ? (
          <ListEmpty
            title={filtered ? t('sites.emptyFiltered') : t('sites.empty')}
            hint={filtered ? t('sites.emptyFilteredHint') : canCreate ? t('sites.emptyHint') : t('sites.emptyHintReadOnly')}
            action={
              filtered ? (
                <Button variant="outlined" onClick={() => go({ ...clearedFilters, page: undefined })}>
                  {t('sites.clearSearch')}
                </Button>
              ) : (
                addButton || undefined
              )
            }
          />
        ) : (
          <ListTable
            label={t('sites.title')}
            minWidth={900}
            columns={columns}
            rows={rows}
            sort={search.sort ?? 'name'}
            onSort={(sort: SiteSort) => go({ sort: sort === 'name' ? undefined : sort, page: undefined })}
          />
        )}
      </ListCard>
      <CreateSiteDialog open={creating} onClose={() => setCreating(false)} />
      <EditSiteDialog site={editing?.site ?? null} open={Boolean(editing?.open)} onClose={() => setEditing((e) => e && { ...e, open: false })} />
      <DomainVerificationDialog
        site={verifying?.site ?? null}
        open={Boolean(verifying?.open)}
        onClose={() => setVerifying((v) => v && { ...v, open: false })}
      />
    </>
  );
}
