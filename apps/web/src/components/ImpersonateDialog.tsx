import { useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { startImpersonation as startImpersonationEndpoint, startImpersonationBody } from '@hireline/contract/impersonation';
import { useApiMutation } from '../lib/api-query';
import { startImpersonation } from '../lib/impersonation';
import { useSnackbar } from '../lib/snackbar';
import { ReasonDialog } from './ReasonDialog';

/** The longest an impersonation lasts (the API's IMPERSONATION_MINUTES); the dialog says so before it starts. */
const MAX_MINUTES = 60;
const REASON_MAX = 500;
const reasonSchema = startImpersonationBody.pick({ reason: true });

/** Where to come back to: this page with its query, or only the page when that is longer than the contract allows. */
const comeBackTo = (l: { pathname: string; searchStr: string }) =>
  l.pathname.length + l.searchStr.length <= 2000 ? l.pathname + l.searchStr : l.pathname;

export interface ImpersonationTarget {
  id: string;
  name: string;
  /** A portal user (default), a candidate by seeker id, or the candidate of an application by its id. */
  type?: 'user' | 'seeker' | 'applicant';
}

/**
 * "Act as {name}?" (spec §1, §4): what acting as someone means, and the reason the audit log keeps. Confirmed, the
 * API gives a child token; the staff session is kept to return to here (this page, with its query), and the
 * portal starts over at home, which picks the person's own scope. Refusals (not fewer permissions than yours,
 * disabled, gone) are said in the dialog, in the reader's language.
 */
export function ImpersonateDialog({ target, open, onClose }: { target: ImpersonationTarget | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const here = useLocation({ select: comeBackTo });
  const snackbar = useSnackbar();
  const start = useApiMutation(startImpersonationEndpoint);
  const [blocked, setBlocked] = useState<string | null>(null);
  const name = target?.name ?? '';
  const type = target?.type ?? 'user';
  const candidate = type !== 'user';

  const onConfirm = async (reason: string) => {
    if (!target) return;
    const res = await start.mutateAsync({ body: { type, id: target.id, reason, redirect: here } });
    if (candidate && res.board_url) {
      // The board is another site: it opens beside the portal, whose own session is not touched. The token rides
      // in the URL fragment, which the browser never sends to a server.
      const tab = window.open(res.board_url, '_blank');
      if (tab) {
        tab.opener = null;
        snackbar.success(t('impersonation.start.candidateOpened', { name }));
        onClose();
      } else setBlocked(res.board_url);
      return;
    }
    // Home is where acting as someone starts; the page here is the staff member's own.
    await startImpersonation(res.access_token, res.redirect, () => navigate({ to: '/' }));
  };

  if (blocked)
    return (
      <Dialog open={open} onClose={() => (setBlocked(null), onClose())} aria-labelledby="board-blocked">
        <DialogContent>
          <Alert severity="info" id="board-blocked">
            {t('impersonation.start.candidateBlocked', { name })}{' '}
            <Link href={blocked} target="_blank" rel="noopener noreferrer">
              {t('impersonation.start.openBoard')}
            </Link>
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => (setBlocked(null), onClose())}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    );

  return (
    <ReasonDialog
      open={open}
      title={t('impersonation.start.title', { name })}
      body={t(candidate ? 'impersonation.start.candidateBody' : 'impersonation.start.body', { name, minutes: MAX_MINUTES })}
      warning={t(candidate ? 'impersonation.start.candidateWarning' : 'impersonation.start.warning')}
      reasonLabel={t('impersonation.start.reason')}
      reasonHint={t('impersonation.start.reasonHint')}
      confirmLabel={t('impersonation.start.confirm', { name })}
      color="warning"
      maxLength={REASON_MAX}
      schema={reasonSchema}
      pending={start.isPending}
      onCancel={onClose}
      onConfirm={onConfirm}
    />
  );
}
