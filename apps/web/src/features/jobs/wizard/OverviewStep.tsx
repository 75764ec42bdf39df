import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FieldOptionKind } from '@hireline/contract/enums';
import type { JobDetail } from '@hireline/contract/job-model';
import { getFieldOptions } from '@hireline/contract/lookups';
import { useApiQuery } from '../../../lib/api-query';
import { useSnackbar } from '../../../lib/snackbar';
import type { SitePathParams } from './JobWizard';
import { ReviewSection } from './ReviewSection';
import { formatDay, formatMoney } from './review-format';
import { StepActions, StepShell } from './StepShell';
import type { StepContext } from './wizard-context';

/** Step 5, Overview & Confirmation: everything saved so far, read-only, each part with a way back to its step. */
export function OverviewStep({ ctx, job, params }: { ctx: StepContext; job: JobDetail; params: SitePathParams }) {
  const { t, i18n } = useTranslation('jobs');
  const navigate = useNavigate();
  const notify = useSnackbar();
  const options = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  const lang = i18n.language;
  const none = <Typography component="span" variant="body2" color="text.secondary">{t('wizard.overview.notSet')}</Typography>;
  const show = (value: ReactNode) => (value === null || value === undefined || value === '' ? none : value);
  const option = (kind: FieldOptionKind, value: string | null) =>
    value ? (options.data?.[kind].find((o) => o.value === value)?.label ?? value) : null;
  const money = (cents: number) => formatMoney(cents, job.currency, lang);
  const range = (min: number | null, max: number | null) =>
    min != null && max != null
      ? `${money(min)} – ${money(max)}`
      : min != null
        ? t('wizard.overview.from', { value: money(min) })
        : max != null
          ? t('wizard.overview.upTo', { value: money(max) })
          : null;
  const section = { jobId: job.id, params };

  // What an advert needs before it can go live; the API checks the same when posting.
  const missing = [
    !job.description.replace(/<[^>]*>/g, '').trim() && t('wizard.overview.missing.description'),
    !(job.advert_start_at && job.advert_end_at) && t('wizard.overview.missing.dates'),
    job.apply_type === 'url' && !job.application_url && t('wizard.overview.missing.url'),
    job.apply_type === 'email' && job.application_emails.length === 0 && t('wizard.overview.missing.emails'),
  ].filter((m): m is string => Boolean(m));

  const finish = () => {
    if (ctx.draft) return ctx.goTo('payment');
    notify.success(t('wizard.changesSaved'));
    void navigate({ to: '/$account/$site/jobs/$id', params: { ...params, id: job.id } });
  };

  return (
    <StepShell
      title={t('wizard.steps.overview')}
      intro={ctx.draft ? t('wizard.overview.introDraft') : t('wizard.overview.introLive')}
      actions={
        <StepActions
          ctx={ctx}
          busy={false}
          primary={
            <Button variant="contained" onClick={finish}>
              {ctx.draft ? t('wizard.actions.toPayment') : t('wizard.actions.saveChanges')}
            </Button>
          }
        />
      }
    >
      {missing.length > 0 && (
        <Alert severity="warning">
          {t('wizard.overview.missing.title')}
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </Box>
        </Alert>
      )}
      <ReviewSection
        step="details"
        {...section}
        rows={[
          [t('wizard.details.title'), job.title],
          [t('wizard.details.reference_number'), show(job.reference_number)],
          [t('wizard.details.employer'), job.employer.name],
          [t('wizard.details.consultant'), show(job.consultant?.name)],
          [t('wizard.details.work_type'), show(option('work_type', job.work_type))],
          [t('wizard.details.pay_type'), show(option('pay_type', job.pay_type))],
          [t('wizard.details.classification'), show(option('classification', job.classification))],
          [t('wizard.overview.pay'), show(range(job.pay_min_cents, job.pay_max_cents))],
          [t('wizard.overview.salary'), show(range(job.salary_min_cents, job.salary_max_cents))],
          [t('wizard.details.location'), show(job.location)],
        ]}
      >
        <Typography component="h4" variant="body2" color="text.secondary" sx={{ fontWeight: 500, mt: 2, mb: 0.5 }}>
          {t('wizard.details.description')}
        </Typography>
        {job.description ? (
          // The API stores only sanitised HTML (ADR 007): this is what the board will show.
          <Box
            sx={{ typography: 'body2', '& > :first-of-type': { mt: 0 }, '& h2': { typography: 'subtitle1', fontWeight: 600 }, '& h3, & h4': { typography: 'subtitle2' } }}
            dangerouslySetInnerHTML={{ __html: job.description }}
          />
        ) : (
          none
        )}
      </ReviewSection>
      <ReviewSection
        step="additional"
        {...section}
        rows={[
          [
            t('wizard.additional.points'),
            show(job.key_selling_points.length ? <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{job.key_selling_points.map((p) => <li key={p}>{p}</li>)}</Box> : null),
          ],
          [
            t('wizard.additional.links'),
            show(
              job.links.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {job.links.map((l) => (
                    <li key={l.url + l.label}>
                      <Link href={l.url} target="_blank" rel="noopener noreferrer">
                        {l.label}
                      </Link>
                    </li>
                  ))}
                </Box>
              ) : null,
            ),
          ],
          [
            t('wizard.banner.label'),
            show(job.banner ? <Box component="img" src={job.banner.url} alt={t('wizard.banner.preview')} sx={{ width: '100%', maxWidth: 500, aspectRatio: '4 / 1', objectFit: 'cover', borderRadius: 1 }} /> : null),
          ],
          [
            t('wizard.additional.tags'),
            show(job.tags.length ? <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>{job.tags.map((tag) => <Chip key={tag} label={tag} size="small" />)}</Stack> : null),
          ],
        ]}
      />
      <ReviewSection
        step="application"
        {...section}
        rows={[
          [t('wizard.application.applyType'), options.data?.apply_type.find((o) => o.value === job.apply_type)?.label ?? t(`wizard.application.types.${job.apply_type}`)],
          ...(job.apply_type === 'url' ? [[t('wizard.application.url'), show(job.application_url)] as [string, ReactNode]] : []),
          ...(job.apply_type === 'email' ? [[t('wizard.application.emails'), show(job.application_emails.join(', '))] as [string, ReactNode]] : []),
          [t('wizard.application.start'), show(formatDay(job.advert_start_at, lang))],
          [t('wizard.application.end'), show(formatDay(job.advert_end_at, lang))],
        ]}
      />
      <ReviewSection step="screening" {...section} rows={[]}>
        {job.screening_questions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('wizard.screening.empty')}
          </Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
            {[...job.screening_questions]
              .sort((a, b) => a.position - b.position)
              .map((q) => (
                <Box component="li" key={q.id} sx={{ mb: 1 }}>
                  <strong>{q.label}</strong> — {t(`wizard.screening.types.${q.type}`)}
                  {q.required && `, ${t('wizard.overview.requiredAnswer')}`}
                  {q.options.length > 0 && <Box>{t('wizard.overview.options', { list: q.options.join(', ') })}</Box>}
                  {q.knockout_answers?.length ? (
                    <Box>{t('wizard.overview.knockout', { list: q.knockout_answers.map((a) => (q.type === 'yes_no' && (a === 'yes' || a === 'no') ? t(`wizard.screening.answers.${a}`) : a)).join(', ') })}</Box>
                  ) : null}
                </Box>
              ))}
          </Box>
        )}
      </ReviewSection>
    </StepShell>
  );
}
