import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@hireline/contract/job-model';
import { visuallyHidden } from '../../components/visually-hidden';
import { formatDateTime } from './job-format';
import { JobStatusChip } from './JobStatusChip';
import { SectionCard } from './SectionCard';

/** Every status change, newest first: when, from → to, who, and the reason (rejections). */
export function JobStatusTimeline({ history }: { history: JobDetail['status_history'] }) {
  const { t, i18n } = useTranslation('jobs');
  const entries = [...history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <SectionCard title={t('detail.sections.timeline')}>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('detail.timeline.empty')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry, i) => (
            <Box
              component="li"
              key={`${entry.at}-${i}`}
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
              <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.at}>
                {formatDateTime(entry.at, i18n.language)}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, my: 0.5 }}>
                {entry.from ? (
                  <>
                    <JobStatusChip status={entry.from} />
                    <Typography component="span" aria-hidden>
                      {i18n.dir() === 'rtl' ? '←' : '→'}
                    </Typography>
                    <Box component="span" sx={visuallyHidden}>
                      {t('detail.timeline.to')}
                    </Box>
                  </>
                ) : (
                  <Typography component="span" variant="body2">
                    {t('detail.timeline.created')}
                  </Typography>
                )}
                <JobStatusChip status={entry.to} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {entry.by ? t('detail.timeline.by', { name: entry.by.name }) : t('detail.timeline.bySystem')}
              </Typography>
              {entry.reason && <Typography variant="body2">{t('detail.timeline.reason', { reason: entry.reason })}</Typography>}
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
