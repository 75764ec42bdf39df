import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { startImpersonation as startImpersonationEndpoint, startImpersonationBody } from '@hireline/contract/impersonation';
import { useApiMutation } from '../lib/api-query';
import { startImpersonation } from '../lib/auth';
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
  const start = useApiMutation(startImpersonationEndpoint);
  const name = target?.name ?? '';

  const onConfirm = async (reason: string) => {
    if (!target) return;
    const res = await start.mutateAsync({ body: { type: 'user', id: target.id, reason, redirect: here } });
    await startImpersonation(res.access_token, res.redirect);
    await navigate({ to: '/' });
  };

  return (
    <ReasonDialog
      open={open}
      title={t('impersonation.start.title', { name })}
      body={t('impersonation.start.body', { name, minutes: MAX_MINUTES })}
      warning={t('impersonation.start.warning')}
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
