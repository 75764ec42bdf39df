import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage, messageCatalog, type MessageCode } from '@hireline/contract/message-codes';
import { mfaMessages } from '@hireline/contract/mfa';
import { resources } from '../locales/resources';
import i18n from '../test/i18n';
import { ApiError } from './api-client';
import { translateError, translateFieldError, translateMessage } from './messages';

const codes = Object.keys(messageCatalog) as MessageCode[];
/** `{max}` in a template, `{{max}}` in a translation: the names, sorted. */
const templateNames = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const translationNames = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** A code's translation: codes are dotted (`users.last_admin`), which i18next reads as nesting. */
const translationOf = (language: 'fr' | 'ar', code: string): unknown =>
  code.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[language].errors.codes);

describe('error code catalogs', () => {
  for (const language of ['fr', 'ar'] as const) {
    it(`${language} translates every catalogue code, with the template's placeholders`, () => {
      const missing = codes.filter((code) => typeof translationOf(language, code) !== 'string');
      expect(missing, `${language}/errors.json codes`).toEqual([]);
      for (const code of codes)
        expect(translationNames(translationOf(language, code) as string), `${language}: ${code}`).toEqual(
          templateNames(messageCatalog[code]),
        );
    });
  }

  it('English has no copy of the catalogue: its text is the catalogue', () => {
    expect(resources.en.errors).not.toHaveProperty('codes');
  });
});

describe('translateError', () => {
  afterEach(() => i18n.changeLanguage('en-US'));

  it('says an answer in English exactly as the API sent it', () => {
    const message = formatMessage('max_length', { max: 255 });
    expect(translateError({ message, code: 'max_length', params: { max: 255 } })).toBe(message);
    expect(translateMessage(message)).toBe(message);
  });

  it('fr: a field error of max length, with its parameter', async () => {
    await i18n.changeLanguage('fr');
    const error = new ApiError(422, formatMessage('given_data_invalid'), { name: [formatMessage('max_length', { max: 255 })] }, 'given_data_invalid', undefined, undefined, {
      name: [{ code: 'max_length', params: { max: 255 } }],
    });
    expect(translateFieldError(error, 'name')).toBe('Cette valeur ne doit pas dépasser 255 caractères.');
    expect(translateError(error)).toBe('Les données fournies ne sont pas valides.');
    // A Zod message of the contract, English only, is found by its text.
    expect(translateMessage(formatMessage('max_length', { max: 40 }))).toBe('Cette valeur ne doit pas dépasser 40 caractères.');
  });

  it('ar: a module code', async () => {
    await i18n.changeLanguage('ar');
    expect(translateError({ message: mfaMessages.invalidCode, code: 'mfa.code_invalid' })).toBe(translationOf('ar', 'mfa.code_invalid'));
    expect(translateError({ message: formatMessage('users.last_admin'), code: 'users.last_admin' })).toBe(
      translationOf('ar', 'users.last_admin'),
    );
  });

  it('falls back to the English of a message the catalogue does not know', async () => {
    await i18n.changeLanguage('fr');
    expect(translateError({ message: 'The server is on fire.', code: 'unknown' })).toBe('The server is on fire.');
    expect(translateError({ message: 'The server is on fire.' })).toBe('The server is on fire.');
    // A code that says another sentence than the text (e.g. the client's own `network_error`) is not trusted.
    expect(translateError({ message: 'Something else.', code: 'not_found' })).toBe('Something else.');
  });
});
