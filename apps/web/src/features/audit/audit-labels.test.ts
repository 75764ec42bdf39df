import { describe, expect, it } from 'vitest';
import { auditActions, auditActionsByFamily } from '@hireline/contract/audit-actions';
import i18n from '../../test/i18n';

/* Every action the API can write (platform/audit.ts accepts only the contract's list) has a label in every language. */

const LANGUAGES = ['en', 'fr', 'ar'];

describe('audit labels', () => {
  it('label every action key the API can record, and every family of them, in every language', () => {
    const missing = LANGUAGES.flatMap((lng) => [
      ...auditActions.filter((key) => !i18n.exists(`audit:actions.${key}`, { lng })).map((key) => `${lng} ${key}`),
      ...Object.keys(auditActionsByFamily)
        .filter((f) => !i18n.exists(`audit:families.${f}`, { lng }))
        .map((f) => `${lng} family ${f}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('say "deleted" for the same subject types in every language', () => {
    const keys = (lng: string) => Object.keys(i18n.getResourceBundle(lng, 'audit').deletedSubjects as object).sort();
    expect(keys('fr')).toEqual(keys('en'));
    expect(keys('ar')).toEqual(keys('en'));
  });
});
