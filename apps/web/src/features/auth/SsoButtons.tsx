import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { messages } from '@hireline/contract/messages';
import { ssoMessages } from '@hireline/contract/sso-messages';
import { endpointUrl } from '../../lib/api-client';
import { useApiQuery } from '../../lib/api-query';
import { oauthProvidersRoute, oauthStartRoute } from '../../lib/endpoint-routes';
import { translateMessage } from '../../lib/messages';

/**
 * One "Sign in with …" button per provider of the account this host belongs to (found as the branding is); nothing
 * when it has none. Each is a plain link: the browser leaves for the API, then the provider, and comes back through
 * the /auth/sso page.
 */
export function SsoButtons({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const providers = useApiQuery(oauthProvidersRoute, { query: { domain: window.location.hostname }, scoped: false }).data ?? [];
  if (!providers.length) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 3 }}>
      <Divider>{t('sso.or')}</Divider>
      {providers.map((p) => (
        <Button
          key={p.slug}
          variant="outlined"
          size="large"
          fullWidth
          href={endpointUrl(oauthStartRoute, { params: { provider: p.slug }, query: { redirect } })}
        >
          {t('sso.button', { name: p.name })}
        </Button>
      ))}
    </Stack>
  );
}

const signInErrors = [
  'failed',
  'expired',
  'cancelled',
  'unavailable',
  'emailMissing',
  'emailUnverified',
  'domainNotAllowed',
  'noAccess',
  'outsideAccount',
  'disabled',
] as const satisfies readonly (keyof typeof ssoMessages)[];

/**
 * The `sso_error` the API sent the browser back with, in the reader's language. Only the API's own messages are
 * shown: anything else in the address (a crafted link) reads as the generic failure, never as the link's text.
 */
export function ssoErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === messages.unknownOAuthProvider) return translateMessage(message);
  const key = signInErrors.find((k) => ssoMessages[k] === message) ?? 'failed';
  return translateMessage(ssoMessages[key]);
}
