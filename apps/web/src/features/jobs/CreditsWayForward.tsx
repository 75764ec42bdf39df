import AddCard from '@mui/icons-material/AddCard';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@hireline/contract/job-model';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useImpersonating } from '../../lib/current-user';

type Slugs = { account: string; site: string };

/**
 * Who can get the employer more credits from here: staff grant them (the credit system's grant screen, opened for
 * this employer), an employer user buys them (the purchase screen). An account admin holds both and is offered
 * both. Buying is refused while acting as someone else.
 */
export function useCreditsWayForward() {
  const canGrant = useCan('create', 'credits');
  const canPurchase = useCan('purchase', 'credits');
  const impersonating = useImpersonating();
  return { grant: canGrant, buy: canPurchase && !impersonating };
}

/**
 * The way forward when the employer has too few credits to post: a link to grant (staff) and/or to buy (employer
 * user), for the job's employer, coming back to `returnTo`. Nothing when the user may do neither.
 */
export function CreditsWayForward({
  job,
  slugs,
  returnTo,
  size = 'medium',
}: {
  job: Pick<JobDetail, 'employer'>;
  slugs: Slugs;
  returnTo: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('jobs');
  const way = useCreditsWayForward();
  const search = { return_to: returnTo, employer: job.employer.id };
  return (
    <>
      {way.grant && (
        <ButtonLink
          to="/$account/$site/credit-system"
          params={slugs}
          search={{ ...search, grant: '1' as const }}
          variant="contained"
          size={size}
          startIcon={<AddCard />}
        >
          {t('wizard.payment.grantCredits')}
        </ButtonLink>
      )}
      {way.buy && (
        <ButtonLink
          to="/$account/$site/credit-system/create"
          params={slugs}
          search={search}
          variant={way.grant ? 'outlined' : 'contained'}
          size={size}
          startIcon={<ShoppingCart />}
        >
          {t('wizard.payment.buyCredits')}
        </ButtonLink>
      )}
    </>
  );
}
