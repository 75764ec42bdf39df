import { useNavigate, useSearch } from '@tanstack/react-router';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listSeekerApplications } from '@hireline/contract/seekers';
import type { ApplicationSummary } from '@hireline/contract/applications';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { useListPager } from '../../components/list/use-list';
import { RouterLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { formatDate } from '../../lib/format';
import { listPaging } from '../../lib/list-search';
import type { SeekerTabSearch } from './seekers.search';

const FROM = '/$account/$site/seekers/$id/$tab';

/** The seeker's applications on this site, newest first, paged through the URL; each opens the application. */
export function SeekerApplicationsTab({ seekerId, slugs }: { seekerId: string; slugs: { account: string; site: string } }) {
  const { t, i18n } = useTranslation('seekers');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const canOpen = useCan('view', 'applications');
  const paging = listPaging(search);
  const input = { params: { uuid: seekerId }, query: { page: paging.page, per_page: paging.perPage } };
  const query = useApiQuery(listSeekerApplications, input, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: SeekerTabSearch, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const pager = useListPager(paging, query.data, go);
  const columns: ListColumn<ApplicationSummary>[] = [
    {
      id: 'job',
      header: t('applications.columns.job'),
      rowHeader: true,
      cell: (application) => (
        <>
          {canOpen ? (
            <RouterLink
              to="/$account/$site/applications/$id/$tab"
              params={{ ...slugs, id: application.id, tab: 'overview' }}
              sx={{ fontWeight: 600 }}
            >
              {application.job.title}
            </RouterLink>
          ) : (
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {application.job.title}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="div">
            {application.job.reference_number
              ? t('applications.employerRef', { employer: application.employer.name, reference: application.job.reference_number })
              : application.employer.name}
          </Typography>
        </>
      ),
    },
    {
      id: 'status',
      header: t('applications.columns.status'),
      cell: (application) => <Chip size="small" variant="outlined" label={t(`applicationStatus.${application.status}`)} />,
    },
    {
      id: 'applied',
      header: t('applications.columns.applied'),
      sx: { whiteSpace: 'nowrap' },
      cell: (application) => formatDate(application.created_at, i18n.language),
    },
  ];

  return (
    <ListCard query={query} rows={rows} errorTitle={t('applications.loadError')} pager={pager}>
      {rows?.length === 0 ? (
        <ListEmpty compact title={t('applications.empty')} hint={t('applications.emptyHint')} />
      ) : (
        <ListTable label={t('applications.label')} minWidth={560} columns={columns} rows={rows} placeholders={3} />
      )}
    </ListCard>
  );
}
