import createCache, { type EmotionCache } from '@emotion/cache';
import { alpha, createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import type { Skin } from './preferences';

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
  skin: Skin;
}

const surfaces = {
  light: { default: '#F8F7FA', paper: '#FFFFFF', text: 'rgba(47, 43, 61, 0.9)', textSecondary: 'rgba(47, 43, 61, 0.7)' },
  dark: { default: '#25293C', paper: '#2F3349', text: 'rgba(225, 222, 245, 0.9)', textSecondary: 'rgba(225, 222, 245, 0.7)' },
} as const;

/**
 * Tenants pick any primary colour, and many (the default #7367F0 included) are under WCAG AA 4.5:1 for text
 * against white or against the dark surface. The palette keeps the exact brand colour for fills and accents; text
 * in the brand colour and white text on brand fills use the nearest shade that reaches 4.5:1.
 */
export function ensureContrast(color: string, background: string, ratio = 4.5): string {
  const darkBackground = getContrastRatio(background, '#000') < getContrastRatio(background, '#fff');
  let candidate = color;
  for (let step = 1; step <= 20 && getContrastRatio(candidate, background) < ratio; step++) {
    candidate = darkBackground ? lighten(color, step * 0.05) : darken(color, step * 0.05);
  }
  return candidate;
}

const TONES = ['secondary', 'error', 'warning', 'info', 'success'] as const;
type Tone = (typeof TONES)[number];

export function createAppTheme({ mode, primary, primaryDark, direction, skin }: ThemeInput): Theme {
  const surface = surfaces[mode];
  const fillForWhiteText = ensureContrast(primary, '#FFFFFF');
  // Brand-coloured text sits on cards and on the page itself: readable on both (the second pass only darkens or
  // lightens further, which keeps it readable on the first).
  const textOnSurface = ensureContrast(ensureContrast(primary, surface.paper), surface.default);
  const bordered = skin === 'bordered';
  // The same for text in the status colours (outlined and text buttons, outlined chips): MUI's defaults are under
  // 4.5:1 on these surfaces (warning in light, error in dark), so such text takes the nearest shade that reaches it.
  const defaults = createTheme({ palette: { mode } }).palette;
  const toneText = (tone: Tone) => ensureContrast(ensureContrast(defaults[tone].main, surface.paper), surface.default);
  const toneButtons = TONES.flatMap((tone) => [
    { props: { variant: 'outlined' as const, color: tone }, style: { color: toneText(tone), borderColor: alpha(toneText(tone), 0.5) } },
    { props: { variant: 'text' as const, color: tone }, style: { color: toneText(tone) } },
  ]);
  const toneChips = TONES.map((tone) => ({ props: { variant: 'outlined' as const, color: tone }, style: { color: toneText(tone) } }));

  return createTheme({
    direction,
    palette: {
      mode,
      // WCAG AA for text on filled colours (status chips, contained buttons): MUI's default threshold of 3 puts white
      // on light info/warning and on dark-mode error, all under 4.5:1; at 4.5 it picks dark text for those instead.
      contrastThreshold: 4.5,
      primary: { main: primary, dark: primaryDark, contrastText: '#FFFFFF' },
      brand: { fill: fillForWhiteText, text: textOnSurface },
      background: { default: surface.default, paper: surface.paper },
      text: { primary: surface.text, secondary: surface.textSecondary },
    },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      fontSize: 14,
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      // People who ask their system for less motion get none: no fades, slides or colour transitions. (End-to-end
      // tests run this way too, so an accessibility check never samples a colour halfway through a transition.)
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
      MuiButtonBase: {
        styleOverrides: {
          // Ripples alone are a weak focus cue; a ring keeps keyboard focus visible on every control.
          root: { '&.Mui-focusVisible': { outline: `2px solid ${alpha(textOnSurface, 0.7)}`, outlineOffset: 2 } },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: {
            variants: [
              {
                props: { variant: 'contained', color: 'primary' },
                style: { backgroundColor: fillForWhiteText, '&:hover': { backgroundColor: darken(fillForWhiteText, 0.12) } },
              },
              { props: { variant: 'text', color: 'primary' }, style: { color: textOnSurface } },
              {
                props: { variant: 'outlined', color: 'primary' },
                style: { color: textOnSurface, borderColor: alpha(textOnSurface, 0.5) },
              },
              ...toneButtons,
            ],
          },
        },
      },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: {
          root: {
            color: textOnSurface,
            '&:focus-visible': { outline: `2px solid ${alpha(textOnSurface, 0.7)}`, outlineOffset: 2, borderRadius: 2 },
          },
        },
      },
      // A focused field's label is text in the brand colour: the contrast-safe variant, like links.
      MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: textOnSurface } } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: textOnSurface } } } },
      MuiChip: {
        styleOverrides: {
          root: {
            variants: [{ props: { variant: 'filled', color: 'primary' }, style: { backgroundColor: fillForWhiteText } }, ...toneChips],
          },
        },
      },
      MuiCard: {
        defaultProps: { elevation: bordered ? 0 : 2, variant: bordered ? 'outlined' : 'elevation' },
        styleOverrides: { root: { borderRadius: 10 } },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600, textTransform: 'uppercase', fontSize: 13 } } },
    },
  });
}

// Emotion's own stylis prefixes left-to-right CSS; a second copy of stylis comes only with right-to-left.
const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | null = null;
let rtlLoading: Promise<void> | null = null;

/**
 * Arabic flips the generated CSS (margins, paddings, positions) through stylis-plugin-rtl, fetched the first time a
 * right-to-left language is used (app start in Arabic, or switching to it) rather than by every visitor.
 */
export function loadRtlCache(): Promise<void> {
  rtlLoading ??= Promise.all([import('stylis'), import('stylis-plugin-rtl')]).then(
    ([{ prefixer }, { default: rtlPlugin }]) => {
      rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
    },
    (error: unknown) => {
      rtlLoading = null;
      throw error;
    },
  );
  return rtlLoading;
}

/** The cache for a direction; null for right-to-left until loadRtlCache has resolved. */
export function emotionCache(direction: 'ltr' | 'rtl'): EmotionCache | null {
  return direction === 'rtl' ? rtlCache : ltrCache;
}
