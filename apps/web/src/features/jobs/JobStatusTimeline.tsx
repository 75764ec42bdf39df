import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@hireline/contract/job-model';
import { SectionCard } from '../../components/SectionCard';
import { StatusTimeline } from '../../components/StatusTimeline';
import { JobStatusChip } from './JobStatusChip';

/** Every status change, newest first: when, from → to, who, and the reason (rejections). */
export function JobStatusTimeline({ history }: { history: JobDetail['status_history'] }) {
  const { t } = useTranslation('jobs');
  const entries = [...history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <SectionCard title={t('detail.sections.timeline')}>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('detail.timeline.empty')}</Typography>
      ) : (
        <StatusTimeline
          toLabel={t('detail.timeline.to')}
          createdLabel={t('detail.timeline.created')}
          entries={entries.map((entry, i) => ({
            key: `${entry.at}-${i}`,
            at: entry.at,
            from: entry.from && <JobStatusChip status={entry.from} />,
            to: <JobStatusChip status={entry.to} />,
            details: (
              <>
                <Typography variant="body2" color="text.secondary">
                  {entry.by ? t('detail.timeline.by', { name: entry.by.name }) : t('detail.timeline.bySystem')}
                </Typography>
                {entry.reason && <Typography variant="body2">{t('detail.timeline.reason', { reason: entry.reason })}</Typography>}
              </>
            ),
          }))}
        />
      )}
    </SectionCard>
  );
}
