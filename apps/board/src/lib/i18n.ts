import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import arErrors from '../locales/ar/errors.json';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import frErrors from '../locales/fr/errors.json';
import fr from '../locales/fr.json';
import { initialLanguage, LANGUAGE_KEY, type Language } from './language';
import { writeStored } from './storage';

export { languages, type Language } from './language';

// Catalogs are small and bundled: no loading state and no flash of untranslated keys. `errors` translates the API's
// message codes (lib/messages.ts); English needs none, the contract's catalogue is English.
export const resources = { en: { board: en }, fr: { board: fr, errors: frErrors }, ar: { board: ar, errors: arErrors } } as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'board';
    resources: (typeof resources)['en'];
  }
}

/** Keeps <html lang> and dir in line with the language (Arabic is right-to-left). */
function syncDocument(lng: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  defaultNS: 'board',
  ns: ['board', 'errors'],
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});
syncDocument(i18n.language);
i18n.on('languageChanged', syncDocument);

export function changeLanguage(language: Language) {
  writeStored('local', LANGUAGE_KEY, language);
  void i18n.changeLanguage(language);
}

export default i18n;
