import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getApplicationHistory, type ApplicationDetail, type NotifyChoice } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { visuallyHidden } from '../../components/visually-hidden';
import { useApiQuery } from '../../lib/api-query';
import { formatDateTime } from '../jobs/job-format';
import { SectionCard } from '../jobs/SectionCard';
import { StageChip } from './StageChip';

const GROUPS: (keyof NotifyChoice)[] = ['admin', 'consultants', 'candidate'];

/** Every status change, newest first (like the job's timeline): when, from → to, who, and who was emailed. */
export function HistoryTab({ app }: { app: ApplicationDetail }) {
  const { t, i18n } = useTranslation('applications');
  const query = useApiQuery(getApplicationHistory, { params: { uuid: app.id } });
  const entries = [...(query.data?.history ?? [])].reverse();
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (
    <SectionCard title={t('history.title')}>
      {query.isError ? (
        <ErrorState title={t('history.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton height={120} />
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">{t('history.empty')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry, i) => {
            const emailed = GROUPS.filter((g) => entry.notify[g]).map((g) => t(`history.groups.${g}`));
            return (
              <Box
                component="li"
                key={entry.id}
                sx={{
                  position: 'relative',
                  paddingInlineStart: 3,
                  pb: i === entries.length - 1 ? 0 : 2,
                  '&::before': {
                    content: '""',
                    position: 'absolute',
                    insetInlineStart: 5,
                    top: 6,
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: i === 0 ? 'primary.main' : 'divider',
                  },
                  '&::after':
                    i === entries.length - 1
                      ? undefined
                      : { content: '""', position: 'absolute', insetInlineStart: 9, top: 20, bottom: 0, width: 2, bgcolor: 'divider' },
                }}
              >
                <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.created_at}>
                  {formatDateTime(entry.created_at, i18n.language)}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, my: 0.5 }}>
                  {entry.from_status ? (
                    <>
                      <StageChip status={entry.from_status} />
                      <Typography component="span" aria-hidden>
                        {i18n.dir() === 'rtl' ? '←' : '→'}
                      </Typography>
                      <Box component="span" sx={visuallyHidden}>
                        {t('history.to')}
                      </Box>
                    </>
                  ) : (
                    <Typography component="span" variant="body2">
                      {t('history.created')}
                    </Typography>
                  )}
                  <StageChip status={entry.to_status} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {entry.actor.type === 'candidate'
                    ? t('history.byCandidate')
                    : entry.actor.type === 'system' || !entry.actor.name
                      ? t('history.bySystem')
                      : t('history.by', { name: entry.actor.name })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {emailed.length ? t('history.emailed', { who: list.format(emailed) }) : t('history.emailedNobody')}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}
