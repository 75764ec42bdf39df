import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useCan } from '../lib/ability';
import { useImpersonating } from '../lib/current-user';
import { ImpersonateDialog } from './ImpersonateDialog';

/**
 * "Act as candidate" on a seeker (`seeker`, needs seekers.impersonate) or an application (`applicant`, needs
 * applications.impersonate): the job board opens in a new tab signed in as them. Not offered while already acting
 * as someone, nor for a candidate who is disabled or erased (the API refuses those too).
 */
export function ActAsCandidateButton({ type, id, name, available }: { type: 'seeker' | 'applicant'; id: string; name: string; available: boolean }) {
  const { t } = useTranslation();
  const shown = useCanActAsCandidate(type, available);
  const [open, setOpen] = useState(false);
  if (!shown) return null;
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
        {t('impersonation.start.actAsCandidate')}
      </Button>
      <ImpersonateDialog target={{ id, name, type }} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Whether the button would show, for toolbars that hide when empty. */
export function useCanActAsCandidate(type: 'seeker' | 'applicant', available: boolean) {
  const allowed = useCan('impersonate', type === 'seeker' ? 'seekers' : 'applications');
  const impersonating = useImpersonating();
  return allowed && !impersonating && available;
}
