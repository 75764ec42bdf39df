import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@hireline/contract/job-model';
import { messages } from '@hireline/contract/messages';
import { translateMessage } from '../../lib/messages';
import { SectionCard } from '../../components/SectionCard';

/** The banner (1000×250, spec §9); a broken image says 'Image error.' (spec §8) instead of a broken icon. */
export function JobBanner({ banner, title }: { banner: JobDetail['banner']; title: string }) {
  const { t } = useTranslation('jobs');
  const [failed, setFailed] = useState<string | null>(null);
  if (!banner) return null;
  if (failed === banner.url)
    return (
      <Alert severity="warning" role="img" aria-label={t('detail.bannerAlt', { title })}>
        {translateMessage(messages.imageError)}
      </Alert>
    );
  return (
    <Box
      component="img"
      src={banner.url}
      alt={t('detail.bannerAlt', { title })}
      onError={() => setFailed(banner.url)}
      sx={{ display: 'block', width: '100%', aspectRatio: '4 / 1', objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
    />
  );
}

/** The advert's text: description, key selling points and links. */
export function JobContentCard({ job }: { job: JobDetail }) {
  const { t } = useTranslation('jobs');
  return (
    <SectionCard title={t('detail.sections.description')}>
      {job.description ? (
        <Box
          sx={{
            '& > :first-of-type': { mt: 0 },
            '& h2, & h3, & h4': { fontSize: '1.1rem', mt: 2, mb: 1 },
            '& ul, & ol': { paddingInlineStart: 3 },
            '& blockquote': { m: 0, paddingInlineStart: 2, borderInlineStart: 3, borderColor: 'divider', color: 'text.secondary' },
            '& a': { color: 'primary.main' },
            overflowWrap: 'anywhere',
          }}
          // Safe only because the API sanitises every description on save (ADR 007: sanitize-html with an allow-list
          // of tags and attributes); this is the server's stored HTML, never text typed in this browser session.
          dangerouslySetInnerHTML={{ __html: job.description }}
        />
      ) : (
        <Typography color="text.secondary">{t('detail.noDescription')}</Typography>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, fontWeight: 600 }}>
        {t('detail.keySellingPoints')}
      </Typography>
      {job.key_selling_points.length ? (
        <List dense sx={{ listStyle: 'disc', paddingInlineStart: 3 }}>
          {job.key_selling_points.map((point) => (
            <ListItem key={point} sx={{ display: 'list-item', px: 0 }}>
              {point}
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">{t('detail.none')}</Typography>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
        {t('detail.links')}
      </Typography>
      {job.links.length ? (
        <List dense>
          {job.links.map((link) => (
            <ListItem key={link.url} sx={{ px: 0 }}>
              <Link href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </Link>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">{t('detail.none')}</Typography>
      )}
    </SectionCard>
  );
}

/** The screening questions candidates answer, with required and knock-out answers. */
export function JobScreeningQuestions({ questions }: { questions: JobDetail['screening_questions'] }) {
  const { t } = useTranslation('jobs');
  const answer = (a: string) => (a === 'yes' || a === 'no' ? t(`detail.${a}`) : a);
  return (
    <SectionCard title={t('detail.sections.screening')}>
      {questions.length === 0 ? (
        <Typography color="text.secondary">{t('detail.noQuestions')}</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, paddingInlineStart: 3, display: 'grid', gap: 1.5 }}>
          {[...questions]
            .sort((a, b) => a.position - b.position)
            .map((q) => (
              <li key={q.id}>
                <Typography sx={{ fontWeight: 500 }}>{q.label}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`detail.questionType.${q.type}`)} · {q.required ? t('detail.required') : t('detail.optional')}
                </Typography>
                {q.options.length > 0 && (
                  <Typography variant="body2">{t('detail.options', { options: q.options.join(', ') })}</Typography>
                )}
                {q.knockout_answers?.length ? (
                  <Typography variant="body2" color="warning.main">
                    {t('detail.knockout', { answers: q.knockout_answers.map(answer).join(', ') })}
                  </Typography>
                ) : null}
              </li>
            ))}
        </Box>
      )}
    </SectionCard>
  );
}
