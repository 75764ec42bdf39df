import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@hireline/contract/dashboard';

// The dashboard lists this many; while they load, as many placeholder rows of the same height hold their room.
const PLACEHOLDER_ROWS = 5;

export function LatestApplications({ rows }: { rows: Dashboard['latest_applications'] | undefined }) {
  const { t, i18n } = useTranslation('home');
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('dashboard.latestApplications')}
        </Typography>
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
                  <TableCell>{a.candidate_name}</TableCell>
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
