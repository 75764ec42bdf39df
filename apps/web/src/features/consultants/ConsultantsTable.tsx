import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ConsultantSummary } from '@hireline/contract/consultants';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { RouterLink } from '../../components/RouterLink';
import { UserAvatar } from '../../components/UserAvatar';
import { formatNumber } from '../../lib/format';
import { DEFAULT_SORT, type ConsultantSort } from './consultants.search';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
type Slugs = { account: string; site: string };

/** Whether a consultant is offered in the job form's picker; a disabled one is outlined so it reads as "out". */
export function ConsultantEnabledChip({ enabled, size = 'small' }: { enabled: boolean; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('consultants');
  return (
    <Chip
      size={size}
      color={enabled ? 'success' : 'warning'}
      variant={enabled ? 'filled' : 'outlined'}
      label={enabled ? t('status.enabled') : t('status.disabled')}
    />
  );
}

/** The site names a consultant works on, as a list of small chips. */
export function SiteChips({ sites }: { sites: { id: string; name: string }[] }) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
      {sites.map((site) => (
        <li key={site.id}>
          <Chip size="small" variant="outlined" label={site.name} />
        </li>
      ))}
    </Box>
  );
}

/** The consultants of one page; the name opens the consultant. The name column's header sorts by name. */
export function ConsultantsTable(props: {
  rows: ConsultantSummary[] | undefined;
  slugs: Slugs;
  sort: ConsultantSort | undefined;
  onSort: (sort: ConsultantSort | undefined) => void;
}) {
  const { t, i18n } = useTranslation('consultants');
  const { slugs } = props;
  const missing = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('list.none')}
    </Box>
  );
  const columns: ListColumn<ConsultantSummary, 'name' | 'created_at'>[] = [
    {
      id: 'name',
      header: t('list.columns.name'),
      sort: 'name',
      first: 'asc',
      rowHeader: true,
      cell: (c) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <UserAvatar name={c.name} src={c.photo} size={36} />
          <RouterLink to="/$account/$site/consultants/$id" params={{ ...slugs, id: c.id }} sx={{ fontWeight: 600 }}>
            {c.name}
          </RouterLink>
        </Box>
      ),
    },
    { id: 'title', header: t('list.columns.title'), cell: (c) => c.title ?? missing },
    { id: 'email', header: t('list.columns.email'), sx: NO_WRAP, cell: (c) => (c.email ? <bdi dir="ltr">{c.email}</bdi> : missing) },
    { id: 'phone', header: t('list.columns.phone'), sx: NO_WRAP, cell: (c) => (c.phone ? <bdi dir="ltr">{c.phone}</bdi> : missing) },
    { id: 'sites', header: t('list.columns.sites'), cell: (c) => <SiteChips sites={c.sites} /> },
    {
      id: 'jobs',
      header: t('list.columns.jobs'),
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums' },
      cell: (c) => formatNumber(c.jobs_count, i18n.language),
    },
    { id: 'enabled', header: t('list.columns.enabled'), cell: (c) => <ConsultantEnabledChip enabled={c.enabled} /> },
  ];
  return (
    <ListTable
      label={t('list.title')}
      minWidth={980}
      columns={columns}
      rows={props.rows}
      sort={props.sort ?? DEFAULT_SORT}
      onSort={(sort) => props.onSort(sort === DEFAULT_SORT ? undefined : sort)}
    />
  );
}
