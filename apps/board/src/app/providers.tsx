import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { brandColors, useBranding } from '../lib/branding';
import { queryClient } from '../lib/query-client';
import { createBoardTheme, emotionCache } from '../lib/theme';

/** Theme from the account's colours, the visitor's light/dark preference and the language's direction. */
function BoardThemeProvider({ children, cache }: { children: ReactNode; cache?: EmotionCache }) {
  const branding = useBranding();
  const dark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { i18n } = useTranslation();
  const direction = i18n.dir(i18n.language) === 'rtl' ? 'rtl' : 'ltr';
  const { primary, primaryDark } = brandColors(branding);
  const mode = dark ? 'dark' : 'light';
  const theme = useMemo(() => createBoardTheme({ mode, primary, primaryDark, direction }), [mode, primary, primaryDark, direction]);
  return (
    <CacheProvider value={cache ?? emotionCache(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * The app's providers. The server passes a query client and a style cache of its own for each page it renders; the
 * browser uses its one client and cache.
 */
export function BoardProviders({ children, client, cache }: { children: ReactNode; client?: QueryClient; cache?: EmotionCache }) {
  return (
    <QueryClientProvider client={client ?? queryClient}>
      <BoardThemeProvider cache={cache}>{children}</BoardThemeProvider>
    </QueryClientProvider>
  );
}
