import { useQueryClient } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getAccountSecurity, updateAccountSecurity } from '@hireline/contract/mfa';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { translateError } from '../../lib/messages';

/**
 * The account's rule for its staff's sign-in: require two-step sign-in. From each person's next password sign-in,
 * someone without it sets it up before anything else; enterprise staff and single sign-on are not held to it.
 */
export function RequireMfaCard() {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const notify = useSnackbar();
  const query = useApiQuery(getAccountSecurity, {});
  const update = useApiMutation(updateAccountSecurity, {
    onSuccess: (res) => {
      notify.success(res.require_mfa ? t('mfa.on') : t('mfa.off'));
      void invalidateEndpoint(client, getAccountSecurity);
    },
    onError: (error) => notify.error(translateError(error)),
  });
  const checked = update.isPending ? Boolean(update.variables?.body?.require_mfa) : Boolean(query.data?.require_mfa);
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <FormControlLabel
          control={
            <Switch
              checked={checked}
              disabled={!query.data || update.isPending}
              onChange={(e) => update.mutate({ body: { require_mfa: e.target.checked } })}
            />
          }
          label={t('mfa.label')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('mfa.hint')}
        </Typography>
      </CardContent>
    </Card>
  );
}
