import { useNavigate } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { deleteConsultant, disableConsultant, enableConsultant, type ConsultantAction, type ConsultantDetail } from '@hireline/contract/consultants';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ActionToolbar, useRecordActions } from '../../components/RecordActions';
import { ButtonLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { useRefreshConsultants } from './use-consultants-data';

type Slugs = { account: string; site: string };
type DialogKind = 'disable' | 'delete';

/**
 * Edit, enable or disable, and delete: the buttons of what the caller may do to the consultant now
 * (`allowed_actions`: their state allows it and the caller holds the permission, deleting on every site they work
 * on). Disabling and deleting ask first: a disabled consultant leaves the job form's picker; a deleted one's jobs
 * stay, without a consultant.
 */
export function ConsultantActions({ consultant, slugs }: { consultant: ConsultantDetail; slugs: Slugs }) {
  const { t } = useTranslation('consultants');
  const navigate = useNavigate();
  const refresh = useRefreshConsultants();
  const { dialog, ask, close, done } = useRecordActions<DialogKind>(refresh);
  const enable = useApiMutation(enableConsultant, done(t('done.enable')));
  const disable = useApiMutation(disableConsultant, done(t('done.disable')));
  const leave = () => navigate({ to: '/$account/$site/consultants', params: slugs });
  const remove = useApiMutation(deleteConsultant, done(t('done.delete'), leave));
  const params = { uuid: consultant.id };
  const busy = [enable, disable, remove].some((m) => m.isPending);
  const may = (a: ConsultantAction) => consultant.allowed_actions.includes(a);
  if (!(['update', 'enable', 'disable', 'delete'] as const).some(may)) return null;
  const kind = dialog?.kind ?? 'disable';

  return (
    <>
      <ActionToolbar label={t('detail.actionsLabel')}>
        {may('update') && (
          <ButtonLink to="/$account/$site/consultants/$id/edit" params={{ ...slugs, id: consultant.id }} variant="contained" disabled={busy}>
            {t('actions.edit')}
          </ButtonLink>
        )}
        {may('disable') && (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => ask('disable')}>
            {t('actions.disable')}
          </Button>
        )}
        {may('enable') && (
          <Button
            variant="outlined"
            color="success"
            disabled={busy && !enable.isPending}
            loading={enable.isPending}
            onClick={() => enable.mutate({ params })}
          >
            {t('actions.enable')}
          </Button>
        )}
        {may('delete') && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => ask('delete')}>
            {t('actions.delete')}
          </Button>
        )}
      </ActionToolbar>
      <ConfirmDialog
        open={!!dialog?.open}
        title={t(`confirm.${kind}.title`, { name: consultant.name })}
        body={t(`confirm.${kind}.body`, { name: consultant.name })}
        confirmLabel={t(`confirm.${kind}.confirm`)}
        color={kind === 'delete' ? 'error' : 'warning'}
        irreversible={kind === 'delete'}
        pending={disable.isPending || remove.isPending}
        onCancel={close}
        onConfirm={() => (kind === 'delete' ? remove.mutate({ params }) : disable.mutate({ params }))}
      />
    </>
  );
}
