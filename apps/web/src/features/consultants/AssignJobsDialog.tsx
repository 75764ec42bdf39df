import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { assignConsultantJobs, type ConsultantDetail } from '@hireline/contract/consultants';
import type { JobSummary } from '@hireline/contract/job-model';
import { listJobs } from '@hireline/contract/jobs';
import { keepFocusInPage } from '../../components/keep-focus';
import { isApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { translateError, translateMessage } from '../../lib/messages';
import { useRefreshConsultants } from './use-consultants-data';

type Job = Pick<JobSummary, 'id' | 'title' | 'reference_number' | 'consultant' | 'employer'>;

/**
 * Picks jobs of the site (searched by title or reference in the jobs list) and makes the consultant their
 * consultant in one request. A job that already has another consultant says so; it moves to this one.
 */
export function AssignJobsDialog({ open, consultant, onClose }: { open: boolean; consultant: ConsultantDetail; onClose: () => void }) {
  const { t } = useTranslation('consultants');
  const titleId = useId();
  const bodyId = useId();
  const snackbar = useSnackbar();
  const refresh = useRefreshConsultants();
  const [picked, setPicked] = useState<Job[]>([]);
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  useEffect(() => {
    const timer = setTimeout(() => setQ(term.trim()), 250);
    return () => clearTimeout(timer);
  }, [term]);
  useEffect(() => {
    if (!open) return;
    setPicked([]);
    setTerm('');
    setError({});
  }, [open]);
  const lookup = useApiQuery(
    listJobs,
    { query: { q: q || undefined, page: 1, per_page: 20, sort: '-created_at' } },
    { enabled: open, staleTime: 30_000, keepPrevious: true },
  );
  const found: Job[] = lookup.data?.data ?? [];
  const assign = useApiMutation(assignConsultantJobs);

  const submit = () => {
    if (picked.length === 0) {
      setError({ field: t('assign.pickOne') });
      return;
    }
    setError({});
    assign.mutate(
      { params: { uuid: consultant.id }, body: { job_ids: picked.map((j) => j.id) } },
      {
        onSuccess: ({ assigned }) => {
          snackbar.success(t('assign.done', { count: assigned }));
          void refresh();
          onClose();
        },
        onError: (err) => {
          const field = isApiError(err) ? (err.errors.job_ids?.[0] ?? Object.values(err.errors)[0]?.[0]) : undefined;
          if (field) setError({ field: translateMessage(field) });
          else if (isApiError(err) && err.status === 409) setError({ form: t('assign.conflict') });
          else setError({ form: translateError(isApiError(err) ? err : undefined) || t('assign.failed') });
        },
      },
    );
  };
  const label = (job: Job) => (job.reference_number ? `${job.title} (${job.reference_number})` : job.title);

  return (
    <Dialog
      open={open}
      onClose={assign.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="sm"
      fullWidth
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (e: FormEvent) => {
            e.preventDefault();
            submit();
          },
        } as object,
        transition: { onExited: keepFocusInPage },
      }}
    >
      <DialogTitle id={titleId}>{t('assign.title', { name: consultant.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={{ mb: 2 }}>
          {t('assign.body')}
        </DialogContentText>
        {error.form && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error.form}
          </Alert>
        )}
        <Autocomplete
          multiple
          options={found}
          value={picked}
          loading={lookup.isFetching}
          loadingText={t('assign.loading')}
          noOptionsText={t('assign.noOptions')}
          getOptionLabel={label}
          getOptionDisabled={(job) => job.consultant?.id === consultant.id}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          filterSelectedOptions
          inputValue={term}
          onInputChange={(_, text, reason) => {
            if (reason !== 'reset') setTerm(text);
          }}
          onChange={(_, jobs) => {
            setPicked(jobs);
            setError({});
          }}
          renderOption={({ key, ...props }, job) => (
            <Box component="li" key={key} {...props}>
              <Box>
                <Typography component="span" sx={{ display: 'block' }}>
                  {label(job)}
                </Typography>
                <Typography component="span" variant="caption" color="text.secondary">
                  {job.consultant?.id === consultant.id
                    ? t('assign.already')
                    : job.consultant
                      ? t('assign.currently', { employer: job.employer.name, consultant: job.consultant.name })
                      : t('assign.noConsultant', { employer: job.employer.name })}
                </Typography>
              </Box>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('assign.jobs')}
              autoFocus
              error={Boolean(error.field)}
              helperText={error.field ?? t('assign.hint')}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={assign.isPending}>
          {t('assign.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={assign.isPending}>
          {picked.length ? t('assign.submitCount', { count: picked.length }) : t('assign.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
