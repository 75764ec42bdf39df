import { describe, expect, it } from 'vitest';
import { resources } from './resources';

/** Every key path of a nested catalog, e.g. `login.title`. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * `errors:codes` translates the contract's message catalogue, which is the English itself: only French and Arabic
 * have it (lib/messages.test.ts checks it code by code), and its keys are codes, never i18next plurals.
 */
const withoutCodes = (ns: string, catalog: unknown) =>
  ns === 'errors' ? Object.fromEntries(Object.entries(catalog as object).filter(([k]) => k !== 'codes')) : catalog;

/** Plural forms differ by language (Arabic has six, English two): compare the keys they belong to. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (value: unknown) => [...new Set(keys(value).map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();

describe('translation catalogs', () => {
  for (const language of ['fr', 'ar'] as const) {
    it(`${language} has every key of every English namespace`, () => {
      for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
        expect(baseKeys(withoutCodes(ns, resources[language][ns])), `${language}/${ns}`).toEqual(baseKeys(resources.en[ns]));
      }
    });
  }

  it('every plural has its "other" form in every language', () => {
    for (const language of ['en', 'fr', 'ar'] as const) {
      for (const ns of Object.keys(resources[language]) as (keyof typeof resources.en)[]) {
        const all = keys(withoutCodes(ns, resources[language][ns]));
        for (const k of all.filter((k) => PLURAL_SUFFIX.test(k)))
          expect(all, `${language}/${ns}`).toContain(k.replace(PLURAL_SUFFIX, '_other'));
      }
    }
  });
});
