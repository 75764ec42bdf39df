import createCache, { type EmotionCache } from '@emotion/cache';
import { alpha, createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

declare module '@mui/material/styles' {
  interface Palette {
    /** Contrast-safe brand shades: `fill` carries white text, `text` is brand-coloured text on the surface. */
    brand: { fill: string; text: string };
  }
  interface PaletteOptions {
    brand?: { fill: string; text: string };
  }
}

export interface ThemeInput {
  mode: 'light' | 'dark';
  primary: string;
  primaryDark: string;
  direction: 'ltr' | 'rtl';
}

const surfaces = {
  light: { default: '#F8F7FA', paper: '#FFFFFF', text: 'rgba(47, 43, 61, 0.9)', textSecondary: 'rgba(47, 43, 61, 0.72)' },
  dark: { default: '#25293C', paper: '#2F3349', text: 'rgba(225, 222, 245, 0.9)', textSecondary: 'rgba(225, 222, 245, 0.72)' },
} as const;

/**
 * Tenants pick any primary colour, and many are under WCAG AA 4.5:1 against white or the dark surface. The exact
 * brand colour stays for accents; text in it and white text on it use the nearest shade that reaches 4.5:1.
 */
export function ensureContrast(color: string, background: string, ratio = 4.5): string {
  const darkBackground = getContrastRatio(background, '#000') < getContrastRatio(background, '#fff');
  let candidate = color;
  for (let step = 1; step <= 20 && getContrastRatio(candidate, background) < ratio; step++) {
    candidate = darkBackground ? lighten(color, step * 0.05) : darken(color, step * 0.05);
  }
  return candidate;
}

export function createBoardTheme({ mode, primary, primaryDark, direction }: ThemeInput): Theme {
  const surface = surfaces[mode];
  const fill = ensureContrast(primary, '#FFFFFF');
  const text = ensureContrast(ensureContrast(primary, surface.paper), surface.default);
  const focusRing = { outline: `2px solid ${alpha(text, 0.8)}`, outlineOffset: 2 };
  // Error text (field labels, hints, outlined buttons) must reach 4.5:1 too; MUI's dark-mode red does not.
  const defaultError = createTheme({ palette: { mode } }).palette.error.main;
  const error = ensureContrast(ensureContrast(defaultError, surface.paper), surface.default);
  return createTheme({
    direction,
    palette: {
      mode,
      contrastThreshold: 4.5,
      primary: { main: primary, dark: primaryDark, contrastText: '#FFFFFF' },
      brand: { fill, text },
      error: { main: error },
      background: { default: surface.default, paper: surface.paper },
      text: { primary: surface.text, secondary: surface.textSecondary },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      fontSize: 14,
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.5rem', fontWeight: 600 },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      // Ripples alone are a weak focus cue: a ring keeps keyboard focus visible on every control.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: {
            variants: [
              { props: { variant: 'contained', color: 'primary' }, style: { backgroundColor: fill, '&:hover': { backgroundColor: darken(fill, 0.12) } } },
              { props: { variant: 'text', color: 'primary' }, style: { color: text } },
              { props: { variant: 'outlined', color: 'primary' }, style: { color: text, borderColor: alpha(text, 0.5) } },
            ],
          },
        },
      },
      MuiLink: {
        // Always underlined: a link inside a sentence must not rely on colour alone.
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { color: text, '&:focus-visible': { ...focusRing, borderRadius: 2 } } },
      },
      MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: text } } } },
      MuiChip: { styleOverrides: { root: { variants: [{ props: { variant: 'filled', color: 'primary' }, style: { backgroundColor: fill } }] } } },
      MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderRadius: 12 } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    },
  });
}

/**
 * A new style cache. Arabic flips the generated CSS (margins, paddings, positions) through stylis-plugin-rtl. The
 * server renders each page with its own; in the browser a cache adopts the server's styles of the same key.
 */
export function createEmotionCache(direction: 'ltr' | 'rtl'): EmotionCache {
  return direction === 'rtl'
    ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
    : createCache({ key: 'mui', stylisPlugins: [prefixer] });
}

const caches: Partial<Record<'ltr' | 'rtl', EmotionCache>> = {};
/** The browser's one cache per direction. */
export function emotionCache(direction: 'ltr' | 'rtl'): EmotionCache {
  return (caches[direction] ??= createEmotionCache(direction));
}
