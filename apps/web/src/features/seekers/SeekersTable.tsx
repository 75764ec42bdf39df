import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SeekerSummary } from '@hireline/contract/seekers';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { RouterLink } from '../../components/RouterLink';
import { formatDate } from '../../lib/format';
import { SeekerStatusChip } from './SeekerStatusChip';
import { useSeekerFieldOptions } from './use-seekers-data';

/** A row stays one line high: the first tags, then how many more (all of them are on the seeker's tags tab). */
const SHOWN_TAGS = 3;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The seekers of one page; the name opens the seeker's profile. Sorting is the filter bar's select. */
export function SeekersTable({ rows, slugs }: { rows: SeekerSummary[] | undefined; slugs: { account: string; site: string } }) {
  const { t, i18n } = useTranslation('seekers');
  const options = useSeekerFieldOptions();
  const missing = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('list.none')}
    </Box>
  );
  const tags = (seeker: SeekerSummary) =>
    seeker.tags.length ? (
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
        {seeker.tags.slice(0, SHOWN_TAGS).map((tag) => (
          <li key={tag}>
            <Chip size="small" label={tag} />
          </li>
        ))}
        {seeker.tags.length > SHOWN_TAGS && (
          <Typography component="li" variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
            {t('list.moreTags', { n: seeker.tags.length - SHOWN_TAGS })}
          </Typography>
        )}
      </Box>
    ) : (
      missing
    );
  const columns: ListColumn<SeekerSummary>[] = [
    {
      id: 'profileId',
      header: t('list.columns.profileId'),
      sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (seeker) => seeker.profile_id,
    },
    {
      id: 'name',
      header: t('list.columns.name'),
      rowHeader: true,
      cell: (seeker) => (
        <RouterLink to="/$account/$site/seekers/$id/$tab" params={{ ...slugs, id: seeker.id, tab: 'profile' }} sx={{ fontWeight: 600 }}>
          {seeker.name}
        </RouterLink>
      ),
    },
    { id: 'email', header: t('list.columns.email'), sx: NO_WRAP, cell: (seeker) => <bdi dir="ltr">{seeker.email}</bdi> },
    { id: 'location', header: t('list.columns.location'), cell: (seeker) => seeker.location ?? missing },
    { id: 'visaType', header: t('list.columns.visaType'), cell: (seeker) => options.label('visa_type', seeker.visa_type) ?? missing },
    { id: 'workType', header: t('list.columns.workType'), cell: (seeker) => options.label('work_type', seeker.desired_work_type) ?? missing },
    { id: 'tags', header: t('list.columns.tags'), cell: tags },
    { id: 'status', header: t('list.columns.status'), cell: (seeker) => <SeekerStatusChip seeker={seeker} /> },
    { id: 'joined', header: t('list.columns.joined'), sx: NO_WRAP, cell: (seeker) => formatDate(seeker.created_at, i18n.language) },
  ];
  return <ListTable label={t('list.title')} minWidth={1080} columns={columns} rows={rows} />;
}
