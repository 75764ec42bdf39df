import { useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AbilityProvider } from '@casl/react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { AppSnackbar } from '../components/AppSnackbar';
import { abilityFor } from '../lib/ability';
import { brandColors, useBranding } from '../lib/branding';
import { useCurrentUser } from '../lib/current-user';
import { usePreferences } from '../lib/preferences';
import { queryClient } from '../lib/query-client';
import { reconcileScope } from '../lib/scope';
import { session, useSession } from '../lib/session';
import { createAppTheme, emotionCache, loadRtlCache } from '../lib/theme';

/** Theme from branding colours, the chosen mode (system follows the OS) and the language's direction. */
function AppThemeProvider({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const { mode, skin } = usePreferences();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { i18n } = useTranslation();
  const direction = i18n.dir(i18n.language) === 'rtl' ? 'rtl' : 'ltr';
  const paletteMode = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;
  const { primary, primaryDark } = brandColors(branding);
  // Right-to-left styles need their cache first (lib/theme.ts): until it is in, the page keeps its current direction.
  const [, rtlLoaded] = useReducer((n: number) => n + 1, 0);
  const cache = emotionCache(direction);
  useEffect(() => {
    if (!cache) void loadRtlCache().then(rtlLoaded, () => undefined);
  }, [cache]);
  const shown = cache ? direction : 'ltr';
  const theme = useMemo(
    () => createAppTheme({ mode: paletteMode, primary, primaryDark, direction: shown, skin }),
    [paletteMode, primary, primaryDark, shown, skin],
  );
  return (
    <CacheProvider value={cache ?? emotionCache('ltr')!}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * The CASL ability of the signed-in user in the selected scope, for `useCan` / `<Can>`. Mounted only after
 * initialisation, so its /auth/me observer never fires before branding is known (the call carries its id).
 */
export function AbilityBridge({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { scope } = useSession();
  // A refetched /auth/me may have lost an account or site: keep the selection valid.
  useEffect(() => {
    if (user) session.setScope(reconcileScope(user, session.get().scope));
  }, [user]);
  return <AbilityProvider value={abilityFor(user?.permissions, scope)}>{children}</AbilityProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        {children}
        <AppSnackbar />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
