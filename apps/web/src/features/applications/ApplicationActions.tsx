import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { type ApplicationAction, type ApplicationDetail } from '@hireline/contract/applications';
import { deleteApplication, disableApplication, enableApplication, staffStatuses } from '@hireline/contract/application-actions';
import { ActAsCandidateButton, useCanActAsCandidate } from '../../components/ActAsCandidateButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ActionToolbar, useRecordActions } from '../../components/RecordActions';
import { useApiMutation } from '../../lib/api-query';
import { StatusChangeDialog } from './StatusChangeDialog';
import { useRefreshApplications } from './use-bulk-applications';

type Confirmed = 'enable' | 'disable' | 'delete';

/**
 * The buttons of what the caller may do to this application now (`allowed_actions` of the overview: its state allows it
 * and they hold the permission). A 409 or 404 (someone changed it meanwhile) shows its message and reloads.
 */
export function ApplicationActions({ app, slugs }: { app: ApplicationDetail; slugs: { account: string; site: string } }) {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const refresh = useRefreshApplications();
  const { dialog: confirm, ask, close, done } = useRecordActions<Confirmed>(refresh);
  const [statusDialog, setStatusDialog] = useState<{ key: number; open: boolean } | null>(null);
  const enable = useApiMutation(enableApplication, done(t('detail.done.enable')));
  const disable = useApiMutation(disableApplication, done(t('detail.done.disable')));
  const leave = () => navigate({ to: '/$account/$site/applications', params: slugs });
  const remove = useApiMutation(deleteApplication, done(t('detail.done.delete'), leave));

  const params = { uuid: app.id };
  const allowed = (a: ApplicationAction) => app.allowed_actions.includes(a);
  // `status` allows any staff status but the one it has.
  const statuses = allowed('status') ? staffStatuses.filter((s) => s !== app.status) : [];
  const busy = enable.isPending || disable.isPending || remove.isPending;
  const actAs = useCanActAsCandidate('applicant', true);
  const anything = statuses.length > 0 || allowed('enable') || allowed('disable') || allowed('delete') || actAs;
  const action = confirm?.kind ?? 'enable';
  const run = { enable: () => enable.mutate({ params }), disable: () => disable.mutate({ params }), delete: () => remove.mutate({ params }) };
  const button = (name: Confirmed, color: 'primary' | 'warning' | 'error') => (
    <Button variant="outlined" color={color} disabled={busy} onClick={() => ask(name)}>
      {t(`actions.${name}`)}
    </Button>
  );

  return (
    <>
      {/* No empty toolbar for a withdrawn application or a viewer. */}
      {anything && (
        <ActionToolbar label={t('detail.actionsLabel')}>
          {statuses.length > 0 && (
            <Button variant="contained" disabled={busy} onClick={() => setStatusDialog((d) => ({ key: (d?.key ?? 0) + 1, open: true }))}>
              {t('actions.status')}
            </Button>
          )}
          {allowed('enable') && button('enable', 'primary')}
          {allowed('disable') && button('disable', 'warning')}
          {allowed('delete') && button('delete', 'error')}
          <ActAsCandidateButton type="applicant" id={app.id} name={app.candidate.name} available />
        </ActionToolbar>
      )}
      <ConfirmDialog
        open={confirm?.open ?? false}
        title={t(`detail.confirm.${action}.title`, { name: app.candidate.name })}
        body={t(`detail.confirm.${action}.body`)}
        confirmLabel={t(`actions.${action}`)}
        irreversible={action === 'delete'}
        color={action === 'delete' ? 'error' : action === 'disable' ? 'warning' : 'primary'}
        pending={busy}
        onCancel={close}
        onConfirm={run[action]}
      />
      {statusDialog && (
        <StatusChangeDialog
          key={statusDialog.key}
          open={statusDialog.open}
          target={{ ids: [app.id], names: { [app.id]: app.candidate.name }, current: app.status, allowed: statuses }}
          onClose={() => setStatusDialog((d) => d && { ...d, open: false })}
        />
      )}
    </>
  );
}
