import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import { useTranslation } from 'react-i18next';
import { getApplicationAnswers, type ApplicationDetail } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { useApiQuery } from '../../lib/api-query';
import { SectionCard } from '../../components/SectionCard';

/** The screening questions as they were asked when the candidate applied, each answer, and which knocked it out. */
export function AnswersTab({ app }: { app: ApplicationDetail }) {
  const { t, i18n } = useTranslation('applications');
  const query = useApiQuery(getApplicationAnswers, { params: { uuid: app.id } });
  const show = (answer: string | string[] | number | boolean | null) => {
    if (answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0)) return null;
    if (typeof answer === 'boolean') return answer ? t('answers.yes') : t('answers.no');
    if (typeof answer === 'number') return new Intl.NumberFormat(i18n.language).format(answer);
    return Array.isArray(answer) ? new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(answer) : answer;
  };
  const data = query.data;
  return (
    <SectionCard title={t('answers.title')}>
      {query.isError ? (
        <ErrorState title={t('answers.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeleton height={120} />
      ) : (
        <>
          {data.knocked_out && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('answers.knockedOutAlert')}
            </Alert>
          )}
          {data.answers.length === 0 ? (
            <Typography color="text.secondary">{t('answers.empty')}</Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
              {data.answers.map((a) => {
                const value = show(a.answer);
                return (
                  <Box component="li" key={a.question_id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                      <Typography component="h3" variant="subtitle2">
                        {a.label}
                      </Typography>
                      {a.knocked_out && (
                        <Chip size="small" color="error" variant="outlined" icon={<DoNotDisturbOnOutlined />} label={t('answers.knockOut')} />
                      )}
                    </Box>
                    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} color={value === null ? 'text.secondary' : undefined}>
                      {value ?? t('answers.notAnswered')}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
          )}
        </>
      )}
    </SectionCard>
  );
}
