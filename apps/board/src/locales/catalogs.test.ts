import { describe, expect, it } from 'vitest';
import { resources } from '../lib/i18n';

/** Every key path of a nested catalog, e.g. `jobs.sort.label`. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** Plural forms differ by language (Arabic has six, English two): compare the keys they belong to. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (value: unknown) => [...new Set(keys(value).map((k) => k.replace(PLURAL, '')))].sort();

describe('board translation catalogs', () => {
  for (const language of ['fr', 'ar'] as const) {
    it(`${language} has every key of English`, () => {
      expect(baseKeys(resources[language].board)).toEqual(baseKeys(resources.en.board));
    });
  }

  it('every plural has its "other" form in every language', () => {
    for (const language of ['en', 'fr', 'ar'] as const) {
      const all = keys(resources[language].board);
      for (const k of all.filter((k) => PLURAL.test(k))) expect(all, language).toContain(k.replace(PLURAL, '_other'));
    }
  });
});
