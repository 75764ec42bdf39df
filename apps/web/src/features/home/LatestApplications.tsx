import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@hireline/contract/dashboard';
import { RouterLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useSelectedSlugs } from '../../lib/current-user';

// The dashboard lists this many; while they load, as many placeholder rows of the same height hold their room.
const PLACEHOLDER_ROWS = 5;

export function LatestApplications({ rows }: { rows: Dashboard['latest_applications'] | undefined }) {
  const { t, i18n } = useTranslation('home');
  const { account, site } = useSelectedSlugs();
  // Links only for whoever may open applications; the names stay readable for the others.
  const slugs = useCan('view', 'applications') && account && site ? { account, site } : null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ mb: 1, alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="h6" component="h2">
            {t('dashboard.latestApplications')}
          </Typography>
          {slugs && (
            <RouterLink to="/$account/$site/applications" params={slugs} variant="body2">
              {t('dashboard.allApplications')}
            </RouterLink>
          )}
        </Stack>
        {rows?.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.noApplications')}</Typography>
        ) : (
          <Table size="small" aria-label={t('dashboard.latestApplications')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.candidate')}</TableCell>
                <TableCell>{t('dashboard.job')}</TableCell>
                <TableCell>{t('dashboard.status')}</TableCell>
                <TableCell align="right">{t('dashboard.applied')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!rows &&
                Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell>
                      <Skeleton />
                    </TableCell>
                    <TableCell>
                      <Skeleton />
                    </TableCell>
                    <TableCell>
                      <Skeleton variant="rounded" width={88} height={24} />
                    </TableCell>
                    <TableCell>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {rows?.map((a) => (
                <TableRow key={a.id} hover>
                  <TableCell>
                    {slugs ? (
                      <RouterLink to="/$account/$site/applications/$id/$tab" params={{ ...slugs, id: a.id, tab: 'overview' }} sx={{ fontWeight: 600 }}>
                        {a.candidate_name}
                      </RouterLink>
                    ) : (
                      a.candidate_name
                    )}
                  </TableCell>
                  <TableCell>{a.job_title}</TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`applicationStatus.${a.status}`)} variant="outlined" />
                  </TableCell>
                  <TableCell align="right">
                    {new Date(a.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
