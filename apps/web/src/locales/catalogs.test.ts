import { describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { resources } from '../lib/i18n';

/** Every key path of a nested catalog, e.g. `login.title`. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translation catalogs', () => {
  it('English errors are exactly the contract messages (the API and the portal say the same thing)', () => {
    const contract = Object.fromEntries(Object.entries(messages).filter(([, v]) => typeof v === 'string'));
    expect(resources.en.errors).toEqual(contract);
  });

  for (const language of ['fr', 'ar'] as const) {
    it(`${language} has every key of every English namespace`, () => {
      for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
        expect(keys(resources[language][ns]).sort(), `${language}/${ns}`).toEqual(keys(resources.en[ns]).sort());
      }
    });
  }
});
