import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@hireline/contract/messages';
import { ssoMessages } from '@hireline/contract/sso-messages';
import { useQuery } from '@tanstack/react-query';
import { endpointUrl, request } from '../../lib/api-client';
import { apiQueryKey } from '../../lib/api-query-key';
import { scopeKey, useSession } from '../../lib/session';
import { oauthProvidersRoute, oauthStartRoute } from '../../lib/endpoint-routes';
import { translateMessage } from '../../lib/messages';

// Only an account with providers shows these: they come with them, not with the page (vite.config.ts).
const Divider = lazy(() => import('@mui/material/Divider'));
const Stack = lazy(() => import('@mui/material/Stack'));

/**
 * One "Sign in with …" button per provider of the account this host belongs to (found as the branding is); nothing
 * when it has none. Each is a plain link: the browser leaves for the API, then the provider, and comes back through
 * the /auth/sso page.
 */
export function SsoButtons({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const { scope } = useSession();
  // Asked as useApiQuery asks (its cache key; a public endpoint, so always), without lib/api-query: that brings the
  // mutation hooks, which the login page's first download goes without.
  const query = { domain: window.location.hostname };
  const providers =
    useQuery({
      queryKey: apiQueryKey(oauthProvidersRoute, { query }, scopeKey(scope)),
      queryFn: ({ signal }) => request(oauthProvidersRoute, { query, scoped: false, signal }),
    }).data ?? [];
  if (!providers.length) return null;
  return (
    <Suspense>
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
    </Suspense>
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
