import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { BodyOf } from '@hireline/contract/endpoint';
import type { JobDetail } from '@hireline/contract/job-model';
import { createJob, getJob, listJobs, updateJob } from '@hireline/contract/jobs';
import { PageHeader } from '../../../components/PageHeader';
import { ButtonLink } from '../../../components/RouterLink';
import { apiQueryKey, invalidateEndpoint, useApiMutation } from '../../../lib/api-query';
import { scopeKey, useSession } from '../../../lib/session';
import { useSnackbar } from '../../../lib/snackbar';
import type { WizardStep } from './job-wizard.search';
import { LeaveDialog } from './LeaveDialog';
import { WizardStepper } from './WizardStepper';
import { StepView } from './StepView';
import { requestHeadingFocus, type JobBody, type StepContext } from './wizard-context';
import { firstIncompleteStep, resolveStep, stepsFor } from './wizard-steps';

export interface SitePathParams {
  account: string;
  site: string;
}

/** How far a job has got: a posted job is complete, a draft up to where it resumes (or the step asked for). */
function initialFurthest(job: JobDetail | undefined, steps: readonly WizardStep[], index: number): number {
  if (!job) return 0;
  if (job.status !== 'draft') return steps.length - 1;
  return Math.max(index, steps.indexOf(firstIncompleteStep(job)));
}

/**
 * The six-step job posting (spec §2): each step saves what it holds as it goes (the first save creates the draft),
 * the URL names the job and the step, and leaving with unsaved changes asks first.
 */
export function JobWizard({ job, asked, params }: { job: JobDetail | undefined; asked: WizardStep | undefined; params: SitePathParams }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { scope } = useSession();
  const notify = useSnackbar();
  const steps = stepsFor(job);
  const step = resolveStep(job, asked);
  const index = steps.indexOf(step);
  const [furthest, setFurthest] = useState(() => initialFurthest(job, steps, index));
  if (index > furthest) setFurthest(index);

  // A ref, not state: the blocker reads it at navigation time, right after a save has cleared it.
  const dirty = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  useEffect(() => {
    dirty.current = false;
  }, [step]);
  const blocker = useBlocker({
    shouldBlockFn: () => dirty.current,
    enableBeforeUnload: () => dirty.current,
    withResolver: true,
  });

  const create = useApiMutation(createJob);
  const update = useApiMutation(updateJob);
  const save = async (body: JobBody) => {
    const saved = job
      ? await update.mutateAsync({ params: { uuid: job.id }, body })
      : await create.mutateAsync({ body: body as BodyOf<typeof createJob> });
    queryClient.setQueryData(apiQueryKey(getJob, { params: { uuid: saved.id } }, scopeKey(scope)), saved);
    void invalidateEndpoint(queryClient, listJobs);
    return saved;
  };

  const open = (id: string, next: WizardStep, { replace = false, focus = true } = {}) => {
    if (focus) requestHeadingFocus();
    void navigate({ to: '/$account/$site/jobs/edit', params, search: { id, step: next }, replace });
  };

  const ctx: StepContext = {
    job,
    draft: !job || job.status === 'draft',
    step,
    save,
    saved: (savedJob, then) => {
      dirty.current = false;
      // The first save of a new job: the address becomes the draft's, in place of /jobs/create.
      const created = !job;
      if (then === 'stay') {
        notify.success(t('wizard.draftSaved'));
        if (created) open(savedJob.id, step, { replace: true, focus: false });
        return;
      }
      if (savedJob.status !== 'draft') notify.success(t('wizard.changesSaved'));
      const following = stepsFor(savedJob);
      open(savedJob.id, following[following.indexOf(step) + 1] ?? step, { replace: created });
    },
    goTo: (next) => job && open(job.id, next),
    back: index > 0 && job ? () => open(job.id, steps[index - 1]!) : undefined,
    setDirty,
  };

  const closed = job && (job.status === 'expired' || job.status === 'rejected');
  return (
    <>
      <PageHeader
        title={ctx.draft ? t('wizard.title.create') : t('wizard.title.edit')}
        subtitle={job ? job.title : t('wizard.subtitle')}
      />
      {closed ? (
        <Alert
          severity="warning"
          action={
            <ButtonLink to="/$account/$site/jobs/$id" params={{ ...params, id: job.id }} color="inherit" size="small">
              {t('wizard.viewJob')}
            </ButtonLink>
          }
        >
          {job.status === 'expired' ? t('wizard.closed.expired') : t('wizard.closed.rejected')}
        </Alert>
      ) : (
        <Stack spacing={3}>
          <Card>
            <CardContent sx={{ py: { xs: 2, sm: 3 } }}>
              <WizardStepper steps={steps} current={step} furthest={furthest} onSelect={(s) => ctx.goTo(s)} />
            </CardContent>
          </Card>
          <StepView key={step} ctx={ctx} params={params} />
        </Stack>
      )}
      <LeaveDialog blocker={blocker} />
    </>
  );
}
