import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getApplicationHistory, type ApplicationDetail, type NotifyChoice } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { SectionCard } from '../../components/SectionCard';
import { StatusTimeline } from '../../components/StatusTimeline';
import { useApiQuery } from '../../lib/api-query';
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
        <StatusTimeline
          toLabel={t('history.to')}
          createdLabel={t('history.created')}
          entries={entries.map((entry) => {
            const emailed = GROUPS.filter((g) => entry.notify[g]).map((g) => t(`history.groups.${g}`));
            return {
              key: entry.id,
              at: entry.created_at,
              from: entry.from_status && <StageChip status={entry.from_status} />,
              to: <StageChip status={entry.to_status} />,
              details: (
                <>
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
                </>
              ),
            };
          })}
        />
      )}
    </SectionCard>
  );
}
