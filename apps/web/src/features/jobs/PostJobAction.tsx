import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CREDITS_PER_POST } from '@hireline/contract/credits';
import type { JobDetail } from '@hireline/contract/job-model';
import { ButtonLink } from '../../components/RouterLink';
import { CreditsWayForward, useCreditsWayForward } from './CreditsWayForward';

type Slugs = { account: string; site: string };

/**
 * Post, on a draft's page. With enough credits it opens the wizard's payment step, which chooses the product and
 * confirms the cost. With too few there is no Post that could only fail: the balance is named, with the way to get
 * credits (grant for staff, buy for an employer user) and, for whoever may pay, the payment step's direct payment.
 */
export function PostJobAction({ job, slugs, disabled }: { job: JobDetail; slugs: Slugs; disabled: boolean }) {
  const { t } = useTranslation('jobs');
  const way = useCreditsWayForward();
  const balance = job.employer.credit_balance;
  const paymentStep = { to: '/$account/$site/jobs/edit', params: slugs, search: { id: job.id, step: 'payment' } } as const;
  if (balance >= CREDITS_PER_POST)
    return (
      <ButtonLink {...paymentStep} variant="contained" color="success" disabled={disabled}>
        {t('actions.post')}
      </ButtonLink>
    );
  const returnTo = `/${encodeURIComponent(slugs.account)}/${encodeURIComponent(slugs.site)}/jobs/edit?${new URLSearchParams({ id: job.id, step: 'payment' }).toString()}`;
  return (
    <>
      <CreditsWayForward job={job} slugs={slugs} returnTo={returnTo} />
      {way.buy && (
        <ButtonLink {...paymentStep} variant="outlined" disabled={disabled}>
          {t('wizard.payment.payDirectNoPrice')}
        </ButtonLink>
      )}
      {!way.grant && !way.buy && (
        <Button variant="contained" color="success" disabled>
          {t('actions.post')}
        </Button>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {t('wizard.payment.balance', { count: balance, employer: job.employer.name })}
      </Typography>
    </>
  );
}
