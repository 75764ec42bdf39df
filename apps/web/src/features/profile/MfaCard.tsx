import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { disableMfa, getMfa, regenerateRecoveryCodes } from '@hireline/contract/mfa';
import { NotWhileImpersonating } from '../../components/NotWhileImpersonating';
import { request } from '../../lib/api-client';
import { invalidateEndpoint, useApiQuery } from '../../lib/api-query';
import { currentUserQuery, useImpersonating } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { useSnackbar } from '../../lib/snackbar';
import { MfaDialog, type MfaDialogKind } from './MfaDialog';
import { MfaSetup } from './MfaSetup';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/**
 * Two-step sign-in on the Security tab: set it up (QR code, then recovery codes), replace the recovery codes, or
 * turn it off (not while an account requires it). Someone an account requires it of lands here after signing in.
 */
export function MfaCard() {
  const { t, i18n } = useTranslation('profile');
  const client = useQueryClient();
  const notify = useSnackbar();
  const impersonating = useImpersonating();
  const status = useApiQuery(getMfa, {});
  // A cancelled setup starts over with a new secret.
  const [attempt, setAttempt] = useState(0);
  const [dialog, setDialog] = useState<MfaDialogKind | null>(null);
  const [codes, setCodes] = useState<string[]>();
  const refresh = async () => {
    await invalidateEndpoint(client, getMfa);
    // /auth/me says whether this session is still held to the setup.
    await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  };
  const s = status.data;

  const submit = async (body: { code?: string; password?: string }) => {
    if (dialog === 'regenerate') {
      setCodes((await request(regenerateRecoveryCodes, { body: { code: body.code ?? '' } })).recovery_codes);
    } else {
      await request(disableMfa, { body });
      notify.success(t('mfa.disabled'));
    }
    await refresh();
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('mfa.heading')}
          </Typography>
          {s && <Chip size="small" color={s.enabled ? 'success' : 'default'} label={s.enabled ? t('mfa.on') : t('mfa.off')} />}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('mfa.intro')}
        </Typography>
        {status.isError && <Alert severity="error">{t('mfa.loadError')}</Alert>}
        {impersonating && <NotWhileImpersonating />}
        {s && !s.enabled && s.required && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('mfa.requiredNotice')}
          </Alert>
        )}
        {/* Kept here, not in the setup, so the codes stay on screen whatever the status says meanwhile. */}
        {codes && (
          <RecoveryCodesPanel
            codes={codes}
            onDone={() => {
              setCodes(undefined);
              void refresh();
            }}
          />
        )}
        {s && !s.enabled && !impersonating && !codes && (
          <MfaSetup
            key={attempt}
            onCancel={s.required ? undefined : () => setAttempt((n) => n + 1)}
            onConfirmed={(fresh) => {
              notify.success(t('mfa.enabled'));
              setCodes(fresh);
            }}
          />
        )}
        {s?.enabled && !codes && (
          <Stack spacing={2}>
            <Typography>
              {t('mfa.since', { date: s.enabled_at ? formatDate(s.enabled_at, i18n.language) : '' })} {t('mfa.codesLeft', { count: s.recovery_codes_left })}
            </Typography>
            {s.required && <Alert severity="info">{t('mfa.requiredOn')}</Alert>}
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => setDialog('regenerate')} disabled={impersonating}>
                {t('mfa.regenerate.open')}
              </Button>
              {!s.required && (
                <Button variant="outlined" color="error" onClick={() => setDialog('disable')} disabled={impersonating}>
                  {t('mfa.disable.open')}
                </Button>
              )}
            </Stack>
          </Stack>
        )}
        <MfaDialog kind={dialog ?? 'regenerate'} open={dialog !== null} onClose={() => setDialog(null)} submit={submit} />
      </CardContent>
    </Card>
  );
}
