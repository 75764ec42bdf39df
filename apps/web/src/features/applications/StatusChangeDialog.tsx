import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type NotifyChoice } from '@hireline/contract/applications';
import { previewStatusChange, staffStatuses } from '@hireline/contract/application-actions';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { ErrorState } from '../../components/ErrorState';
import { request } from '../../lib/api-client';
import { scopeKey, useSession } from '../../lib/session';
import { keepFocusInPage } from '../../components/keep-focus';
import { StatusPreview } from './StatusPreview';
import { useBulkApplications } from './use-bulk-applications';
import { isStaffStatus, useStages, type StaffStatus } from './use-stages';

export interface StatusChangeTarget {
  ids: string[];
  /** Candidate names by application id, to say which ones are skipped. */
  names?: Record<string, string>;
  /** Preselected target (a card dropped on a column). */
  status?: StaffStatus;
  /**
   * One application: its current status is not offered, and only the statuses its `allowed_actions` allow are
   * (`status`: every staff status but its own).
   */
  current?: ApplicationStatus;
  allowed?: ApplicationStatus[];
}

/**
 * Changing the status of one or several applications (detail page, list selection, board drop): pick the new
 * status, see the server's preview of exactly what changes and who is emailed (re-asked whenever a recipient group
 * is toggled), then confirm through the bulk endpoint, whose per-item results the snackbar sums up.
 * Mount it with a new `key` per opening: the choices start from the target stage's defaults every time.
 */
export function StatusChangeDialog(props: { target: StatusChangeTarget | null; open: boolean; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation('applications');
  const titleId = useId();
  const stages = useStages();
  const { scope, token } = useSession();
  const ids = props.target?.ids ?? [];
  const [status, setStatus] = useState<StaffStatus | ''>(props.target?.status ?? '');
  // null: the target stage's defaults (they apply again whenever another status is chosen).
  const [choice, setChoice] = useState<NotifyChoice | null>(null);
  const notify = choice ?? (status ? stages.notifyDefaults(status) : null);
  const bulk = useBulkApplications(() => {
    props.onClose();
    props.onDone?.();
  });

  const body = status && notify ? { ids, status, notify } : null;
  // A POST that reads: a query keyed by its body, so each choice is previewed once and a late answer never wins.
  const preview = useQuery({
    queryKey: ['api', previewStatusChange.path, body, scopeKey(scope)],
    queryFn: ({ signal }) => request(previewStatusChange, { body: body!, signal }),
    enabled: props.open && !!body && !!token && !stages.query.isPending,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
  });
  const fresh = preview.data && !preview.isPlaceholderData && !preview.isFetching;

  // Only to a shown stage: an application moved to a hidden one would leave the list and its tabs.
  const options = (stages.stages.length ? stages.visible.map((s) => s.status) : [...staffStatuses])
    .filter(isStaffStatus)
    .filter((s) => s !== props.target?.current && (!props.target?.allowed || props.target.allowed.includes(s)));
  const name = ids.length === 1 ? props.target?.names?.[ids[0]!] : undefined;

  return (
    <Dialog
      open={props.open}
      onClose={bulk.isPending ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: keepFocusInPage } }}
    >
      <DialogTitle id={titleId}>
        {name ? t('statusDialog.titleOne', { name }) : t('statusDialog.title', { applications: t('bulk.count', { count: ids.length }) })}
      </DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          size="small"
          label={t('statusDialog.newStatus')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as StaffStatus);
            setChoice(null);
          }}
          sx={{ mt: 1, mb: 2 }}
        >
          {options.map((s) => (
            <MenuItem key={s} value={s}>
              {stages.label(s)}
            </MenuItem>
          ))}
        </TextField>
        {!status ? (
          <Alert severity="info">{t('statusDialog.chooseFirst')}</Alert>
        ) : preview.isError && !preview.data ? (
          <ErrorState title={t('statusDialog.previewError')} error={preview.error} onRetry={() => void preview.refetch()} />
        ) : !preview.data || !notify ? (
          <LinearProgress aria-label={t('statusDialog.previewing')} />
        ) : (
          <StatusPreview
            preview={preview.data}
            notify={notify}
            names={props.target?.names ?? {}}
            busy={!fresh}
            onNotify={setChoice}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={bulk.isPending} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={bulk.isPending}
          // Only what the preview on screen says: not while it is being re-asked, nor when nothing would change.
          disabled={!fresh || !body || preview.data!.changing === 0}
          onClick={() => body && bulk.mutate({ body: { action: 'status', ...body } })}
        >
          {fresh && preview.data!.changing > 0
            ? t('statusDialog.confirm', { applications: t('bulk.count', { count: preview.data!.changing }) })
            : t('actions.status')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
