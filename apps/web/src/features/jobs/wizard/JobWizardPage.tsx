import { useParams, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { getJob } from '@hireline/contract/jobs';
import { ErrorState } from '../../../components/ErrorState';
import { FullPageSpinner } from '../../../components/FullPageSpinner';
import { PageHeader } from '../../../components/PageHeader';
import { ButtonLink } from '../../../components/RouterLink';
import { useApiQuery } from '../../../lib/api-query';
import type { WizardStep } from './job-wizard.search';
import { JobWizard, type SitePathParams } from './JobWizard';

/** `/jobs/create`: a new job; its first save turns the address into `/jobs/edit?id=…`. */
export function JobCreatePage() {
  const { step } = useSearch({ from: '/$account/$site/jobs/create' });
  const params = useParams({ from: '/$account/$site/jobs/create' });
  return <JobWizard job={undefined} asked={step} params={params} />;
}

/** `/jobs/edit?id=…&step=…`: resume a draft (or a clone), or edit a posted job. */
export function JobEditPage() {
  const { t } = useTranslation('jobs');
  const { id, step } = useSearch({ from: '/$account/$site/jobs/edit' });
  const params = useParams({ from: '/$account/$site/jobs/edit' });
  if (!id)
    return (
      <>
        <PageHeader title={t('wizard.title.edit')} />
        <Alert
          severity="info"
          action={
            <ButtonLink to="/$account/$site/jobs/create" params={params} color="inherit" size="small">
              {t('wizard.title.create')}
            </ButtonLink>
          }
        >
          {t('wizard.noJob')}
        </Alert>
      </>
    );
  return <SavedJobWizard key={id} id={id} step={step} params={params} />;
}

function SavedJobWizard({ id, step, params }: { id: string; step: WizardStep | undefined; params: SitePathParams }) {
  const { t } = useTranslation('jobs');
  const job = useApiQuery(getJob, { params: { uuid: id } });
  if (job.isError && !job.data)
    return (
      <>
        <PageHeader title={t('wizard.title.edit')} />
        <ErrorState title={t('wizard.loadError')} error={job.error} onRetry={() => void job.refetch()} />
      </>
    );
  if (!job.data) return <FullPageSpinner fill="area" />;
  return <JobWizard job={job.data} asked={step} params={params} />;
}
