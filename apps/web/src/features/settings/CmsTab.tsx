import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useTranslation } from 'react-i18next';
import { issueCmsToken } from '@hireline/contract/site-settings';
import { useApiMutation } from '../../lib/api-query';
import { formatDateTime } from '../../lib/format';
import { translateError } from '../../lib/messages';
import { CmsSecretSection } from './CmsSecretSection';
import { CopyButton } from './CopyButton';

/**
 * A short-lived token that signs the user in to the site's content system, and, for those who may change the site's
 * settings, the secret the CMS checks it with (docs/cms-token.md).
 */
export function CmsTab({ canUpdate }: { canUpdate: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const issue = useApiMutation(issueCmsToken);
  const token = issue.data;
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 760 }}>
      <Typography>{t('cms.what')}</Typography>
      <Box>
        <Button variant="contained" startIcon={<KeyOutlined />} loading={issue.isPending} onClick={() => issue.mutate({})}>
          {token ? t('cms.again') : t('cms.get')}
        </Button>
      </Box>
      {issue.isError && (
        <Alert severity="error" role="alert">
          {translateError(issue.error)}
        </Alert>
      )}
      {token && (
        <Stack spacing={1.5} role="region" aria-label={t('cms.tokenRegion')}>
          <TextField
            label={t('cms.token')}
            value={token.token}
            multiline
            minRows={3}
            onFocus={(e) => e.target.select()}
            slotProps={{
              input: { readOnly: true, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
              htmlInput: { dir: 'ltr', spellCheck: false },
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <CopyButton text={token.token} label={t('cms.copy')} />
            <Typography variant="body2" color="text.secondary">
              {t('cms.expires', { time: formatDateTime(token.expires_at, i18n.language) })}
            </Typography>
          </Box>
        </Stack>
      )}
      {canUpdate && (
        // A token issued before a rotation no longer verifies: it is no longer offered for copying.
        <CmsSecretSection onRotated={() => issue.reset()} />
      )}
    </Stack>
  );
}
