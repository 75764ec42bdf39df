import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { brandColors, useBranding } from '../lib/branding';
import { queryClient } from '../lib/query-client';
import { createBoardTheme, emotionCache } from '../lib/theme';

/** Theme from the account's colours, the visitor's light/dark preference and the language's direction. */
function BoardThemeProvider({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const dark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { i18n } = useTranslation();
  const direction = i18n.dir(i18n.language) === 'rtl' ? 'rtl' : 'ltr';
  const { primary, primaryDark } = brandColors(branding);
  const mode = dark ? 'dark' : 'light';
  const theme = useMemo(() => createBoardTheme({ mode, primary, primaryDark, direction }), [mode, primary, primaryDark, direction]);
  return (
    <CacheProvider value={emotionCache(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

export function BoardProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BoardThemeProvider>{children}</BoardThemeProvider>
    </QueryClientProvider>
  );
}
