import { describe, expect, it } from 'vitest';
import { impersonationMessages } from '@hireline/contract/impersonation';
import { messages } from '@hireline/contract/messages';
import { mfaMessages } from '@hireline/contract/mfa';
import { resources } from './resources';

/** Every key path of a nested catalog, e.g. `login.title`. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** Plural forms differ by language (Arabic has six, English two): compare the keys they belong to. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (value: unknown) => [...new Set(keys(value).map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();

describe('translation catalogs', () => {
  it('English errors are exactly the contract messages (the API and the portal say the same thing)', () => {
    const contract = Object.fromEntries(Object.entries(messages).filter(([, v]) => typeof v === 'string'));
    // The impersonation and two-step sign-in refusals are contract messages too, kept under their own keys
    // (lib/messages maps them).
    expect(resources.en.errors).toEqual({ ...contract, impersonation: impersonationMessages, mfa: mfaMessages });
  });

  for (const language of ['fr', 'ar'] as const) {
    it(`${language} has every key of every English namespace`, () => {
      for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
        expect(baseKeys(resources[language][ns]), `${language}/${ns}`).toEqual(baseKeys(resources.en[ns]));
      }
    });
  }

  it('every plural has its "other" form in every language', () => {
    for (const language of ['en', 'fr', 'ar'] as const) {
      for (const ns of Object.keys(resources[language]) as (keyof typeof resources.en)[]) {
        const all = keys(resources[language][ns]);
        for (const k of all.filter((k) => PLURAL_SUFFIX.test(k)))
          expect(all, `${language}/${ns}`).toContain(k.replace(PLURAL_SUFFIX, '_other'));
      }
    }
  });
});
