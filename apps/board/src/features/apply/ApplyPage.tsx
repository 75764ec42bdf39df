import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getBoardJob, type BoardJobDetail } from '@hireline/contract/board';
import {
  applyForJob,
  candidateMessages,
  getCandidateProfile,
  listCandidateApplications,
  type CandidateProfile,
} from '@hireline/contract/board-candidates';
import { ErrorState } from '../../components/ErrorState';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { isApiError } from '../../lib/api-client';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { applyServerErrors, fieldErrorText } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { usePageTitle } from '../../lib/site';
import { ResumeField } from './ResumeField';
import { ScreeningQuestions } from './ScreeningQuestions';
import { answerPath, emptyAnswers, formFieldOfError, toApiAnswers, type Answers } from './screening';
import { translateError, translateMessage } from '../../lib/messages';

interface ApplyValues {
  resume_file_id: string | null;
  cover_letter: string;
  answers: Answers;
}

/** `/jobs/:id/apply`: the board's own application form (signed-in candidates only; the route sends others to sign in). */
export function ApplyPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/jobs/$id/apply' });
  const job = useApiQuery(getBoardJob, { params: { uuid: id } });
  const profile = useApiQuery(getCandidateProfile, {});
  usePageTitle(job.data ? t('apply.title', { title: job.data.title }) : null);

  const failed = job.error ?? profile.error;
  if (failed && !(job.data && profile.data)) {
    if (job.error?.status === 404)
      return <Closed title={t('job.notFoundTitle')} body={t('job.notFoundBody')} />;
    return <ErrorState title={t('apply.loadError')} error={failed} onRetry={() => void Promise.all([job.refetch(), profile.refetch()])} />;
  }
  if (!job.data || !profile.data)
    return (
      <Box role="status" aria-label={t('common.loading')}>
        <Skeleton width="60%" height={48} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    );
  if (job.data.apply.type !== 'internal')
    return <Closed title={job.data.title} body={t('apply.elsewhere')} jobId={job.data.id} />;
  return <ApplyForm job={job.data} profile={profile.data} />;
}

function Closed({ title, body, jobId }: { title: string; body: string; jobId?: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent sx={{ py: 5, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {body}
        </Typography>
        {jobId ? (
          <ButtonLink to="/jobs/$id" params={{ id: jobId }} variant="contained">
            {t('apply.backToJob')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/jobs" variant="contained">
            {t('job.searchJobs')}
          </ButtonLink>
        )}
      </CardContent>
    </Card>
  );
}

function ApplyForm({ job, profile }: { job: BoardJobDetail; profile: CandidateProfile }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<{ text: string; alreadyApplied?: boolean }>();
  const [done, setDone] = useState<{ message: string; unsuccessful: boolean }>();
  const mutation = useApiMutation(applyForJob);
  const questions = job.screening_questions;
  const form = useForm<ApplyValues>({
    defaultValues: { resume_file_id: profile.resume?.id ?? null, cover_letter: '', answers: emptyAnswers(questions) },
  });
  const fields = ['resume_file_id', 'cover_letter', ...questions.map((q) => answerPath(q.id))];

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await mutation.mutateAsync({
        params: { uuid: job.id },
        body: {
          resume_file_id: values.resume_file_id,
          cover_letter: values.cover_letter.trim() || null,
          answers: toApiAnswers(questions, values.answers),
        },
      });
      void invalidateEndpoint(queryClient, listCandidateApplications);
      setDone({ message: translateMessage(answer.message), unsuccessful: answer.application.status === 'unsuccessful' });
    } catch (error) {
      if (isApiError(error) && error.status === 409)
        setFormError({ text: translateError(error), alreadyApplied: error.message === candidateMessages.alreadyApplied });
      else {
        const text = applyServerErrors(error, form.setError, fields, (key) => formFieldOfError(key, questions));
        setFormError(text ? { text } : undefined);
      }
    }
  });

  if (done) return <Confirmation job={job} {...done} />;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="apply-title">
      <Typography variant="body2" color="text.secondary">
        <RouterLink to="/jobs/$id" params={{ id: job.id }}>
          {job.title}
        </RouterLink>
        {' · '}
        {job.employer.name}
      </Typography>
      <Typography variant="h1" id="apply-title" sx={{ mt: 1, mb: 1 }}>
        {t('apply.heading', { title: job.title })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('apply.requiredNote')}
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={4}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError.text}{' '}
                {formError.alreadyApplied && <RouterLink to="/me/applications">{t('apply.seeApplications')}</RouterLink>}
              </Alert>
            )}
            <Controller
              control={form.control}
              name="resume_file_id"
              rules={{ validate: (v) => (v ? true : candidateMessages.resumeRequired) }}
              render={({ field, fieldState }) => (
                <ResumeField
                  profileResume={profile.resume}
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    if (v) form.clearErrors('resume_file_id');
                  }}
                  error={fieldErrorText(fieldState.error)}
                  inputRef={field.ref}
                />
              )}
            />
            <Controller
              control={form.control}
              name="cover_letter"
              rules={{ maxLength: { value: 10_000, message: t('apply.coverLetterTooLong') } }}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  label={t('apply.coverLetter')}
                  multiline
                  minRows={6}
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldErrorText(fieldState.error) ?? t('apply.coverLetterHint')}
                />
              )}
            />
            {questions.length > 0 && (
              <Box>
                <Divider sx={{ mb: 3 }} />
                <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
                  {t('apply.questions')}
                </Typography>
                {/* The answers live under `answers` in this form as in ScreeningFormValues. */}
                <ScreeningQuestions questions={questions} control={form.control as never} />
              </Box>
            )}
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
              <ButtonLink to="/jobs/$id" params={{ id: job.id }} variant="text" disabled={mutation.isPending}>
                {t('common.cancel')}
              </ButtonLink>
              <Button type="submit" variant="contained" size="large" loading={mutation.isPending}>
                {t('apply.submit')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/** What the API said (a knocked-out candidate gets its polite message), with the way to follow up. */
function Confirmation({ job, message, unsuccessful }: { job: BoardJobDetail; message: string; unsuccessful: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card>
      <CardContent sx={{ py: 5, px: { xs: 2, sm: 5 }, textAlign: 'center' }}>
        <Typography variant="h1" ref={heading} tabIndex={-1} sx={{ outline: 'none', mb: 2 }}>
          {unsuccessful ? t('apply.doneTitleThanks') : t('apply.doneTitle')}
        </Typography>
        <Alert severity={unsuccessful ? 'info' : 'success'} role="status" sx={{ textAlign: 'start', mb: 3 }}>
          {message}
        </Alert>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {job.title} · {job.employer.name}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <ButtonLink to="/me/applications" variant="contained">
            {t('apply.seeApplications')}
          </ButtonLink>
          <ButtonLink to="/jobs" variant="outlined">
            {t('apply.moreJobs')}
          </ButtonLink>
        </Stack>
      </CardContent>
    </Card>
  );
}
