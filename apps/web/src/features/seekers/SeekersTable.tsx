import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SeekerSummary } from '@hireline/contract/seekers';
import { RouterLink } from '../../components/RouterLink';
import { formatDate } from '../jobs/job-format';
import { SeekerStatusChip } from './SeekerStatusChip';
import { useSeekerFieldOptions } from './use-seekers-data';

const COLUMNS = ['profileId', 'name', 'email', 'location', 'visaType', 'workType', 'tags', 'status', 'joined'] as const;
/** A row stays one line high: the first tags, then how many more (all of them are on the seeker's tags tab). */
const SHOWN_TAGS = 3;

/** The seekers of one page; the name opens the seeker's profile. Sorting is the filter bar's select. */
export function SeekersTable({ rows, slugs }: { rows: SeekerSummary[] | undefined; slugs: { account: string; site: string } }) {
  const { t, i18n } = useTranslation('seekers');
  const options = useSeekerFieldOptions();
  const missing = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('list.none')}
    </Box>
  );
  return (
    <TableContainer>
      <Table aria-label={t('list.title')} sx={{ minWidth: 1080 }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{t(`list.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {!rows &&
            Array.from({ length: 5 }, (_, i) => (
              <TableRow key={i}>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {rows?.map((seeker) => (
            <TableRow key={seeker.id} hover>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{seeker.profile_id}</TableCell>
              <TableCell component="th" scope="row">
                <RouterLink
                  to="/$account/$site/seekers/$id/$tab"
                  params={{ ...slugs, id: seeker.id, tab: 'profile' }}
                  sx={{ fontWeight: 600 }}
                >
                  {seeker.name}
                </RouterLink>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <bdi dir="ltr">{seeker.email}</bdi>
              </TableCell>
              <TableCell>{seeker.location ?? missing}</TableCell>
              <TableCell>{options.label('visa_type', seeker.visa_type) ?? missing}</TableCell>
              <TableCell>{options.label('work_type', seeker.desired_work_type) ?? missing}</TableCell>
              <TableCell>
                {seeker.tags.length ? (
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
                )}
              </TableCell>
              <TableCell>
                <SeekerStatusChip seeker={seeker} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(seeker.created_at, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
