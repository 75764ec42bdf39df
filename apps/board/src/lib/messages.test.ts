import { afterEach, describe, expect, it } from 'vitest';
import { messageCatalog, placeholdersOf, type MessageCode } from '@hireline/contract/message-codes';
import { messages } from '@hireline/contract/messages';
import ar from '../locales/ar/errors.json';
import fr from '../locales/fr/errors.json';
import i18n from './i18n';
import { translateError, translateMessage } from './messages';

const codes = Object.keys(messageCatalog) as MessageCode[];
/** `{{max}}` in a translation, `{max}` in the English template. */
const interpolated = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the error catalogues', () => {
  for (const [language, catalogue] of [['fr', fr], ['ar', ar]] as const) {
    it(`${language} translates every code of the contract's catalogue, and nothing else`, () => {
      expect(Object.keys(catalogue.codes).sort()).toEqual([...codes].sort());
    });

    it(`${language} uses the same placeholders as each English template`, () => {
      const translations = catalogue.codes as Record<string, string>;
      for (const code of codes) {
        expect(interpolated(translations[code] ?? ''), code).toEqual(placeholdersOf(messageCatalog[code]).sort());
      }
    });
  }
});

describe('translateError and translateMessage', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('show a code in the reader language, with its parameters', async () => {
    await i18n.changeLanguage('fr');
    expect(translateError({ message: 'This value may not be greater than 120 characters.', code: 'max_length', params: { max: 120 } })).toBe(
      'Cette valeur ne peut pas dépasser 120 caractères.',
    );
    expect(translateMessage(messages.required)).toBe('Ce champ est obligatoire.');
    await i18n.changeLanguage('ar');
    expect(translateMessage('The file may not be greater than 5 MB.')).toBe('لا يجوز أن يتجاوز حجم الملف 5 ميغابايت.');
  });

  it('show the catalogue English in English, and unknown text as sent', async () => {
    await i18n.changeLanguage('en');
    expect(translateError({ message: messages.notFound, code: 'not_found' })).toBe('Not found.');
    expect(translateError({ message: '', code: 'max_length', params: { max: 3 } })).toBe('This value may not be greater than 3 characters.');
    await i18n.changeLanguage('fr');
    expect(translateError({ message: 'A server-specific sentence.', code: 'unknown' })).toBe('A server-specific sentence.');
    expect(translateMessage('A server-specific sentence.')).toBe('A server-specific sentence.');
  });
});
