import { readStored } from './storage';

/*
 * The board's languages and the one a visitor starts in. Kept apart from i18n.ts (which carries the catalogs) so
 * the board's small first script can tell whether a server-rendered page is in the visitor's language.
 */

export const languages = ['en', 'fr', 'ar'] as const;
export type Language = (typeof languages)[number];

export const LANGUAGE_KEY = 'language';
const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (languages as readonly string[]).includes(v);

/** The visitor's choice, else the first of the browser's languages the board speaks, else English. */
export function initialLanguage(): Language {
  const chosen = readStored('local', LANGUAGE_KEY, (v) => (isLanguage(v) ? v : null));
  if (chosen) return chosen;
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  for (const tag of browser) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}
