import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
// What the signed-out pages and error messages say in the default language: bundled, so they never wait.
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import type { resources } from '../locales/resources';
import { preferences, type Language } from './preferences';

type Resources = typeof resources;
export type Namespace = keyof Resources['en'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources['en'];
  }
}

/*
 * Every other catalog (a domain's wording, another language) is a chunk of its own, fetched the first time a page
 * needs it: three languages of every domain would otherwise be most of the first download. Routes load their
 * domain's namespaces with the page (app/routes/lazy-pages.ts); a component reaching for one that is not loaded yet
 * suspends until it is (react-i18next), inside the route's pending boundary.
 */
const catalogs = import.meta.glob<ResourceKey>(['../locales/*/*.json', '!../locales/en/{auth,common,errors}.json'], { import: 'default' });

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`../locales/${language}/${namespace}.json`];
    // A language or namespace with no catalog reads as empty (the fallback language answers) instead of retrying.
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Spec §1: multi-language is disabled by default; then the portal is always English. It is turned on at build
 * time (VITE_MULTI_LANGUAGE) or by the deployment (MULTI_LANGUAGE, which the API writes into index.html's meta tag).
 */
export const multiLanguage =
  import.meta.env.VITE_MULTI_LANGUAGE === 'true' ||
  (typeof document !== 'undefined' && document.querySelector('meta[name="af-multi-language"]')?.getAttribute('content') === 'true');
export const DEFAULT_LOCALE = 'en-US';

function initialLanguage(): string {
  return multiLanguage ? (preferences.get().language ?? DEFAULT_LOCALE) : DEFAULT_LOCALE;
}

/** Keeps <html lang> and dir in line with the language (Arabic is right-to-left). */
function syncDocument(lng: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
}

/** Resolves once the chosen language's shared catalogs can be read (at once for English: they are bundled). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    resources: { en: { common: enCommon, auth: enAuth, errors: enErrors } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    // `en-US` reads the `en` catalogs; there are no regional ones to fetch.
    load: 'languageOnly',
    defaultNS: 'common',
    ns: ['common', 'auth', 'errors'],
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
syncDocument(i18n.language);
i18n.on('languageChanged', syncDocument);

/** Fetches namespaces of the current language (and the fallback) unless loaded; resolves when `t` can read them. */
export const loadNamespaces = (namespaces: Namespace | Namespace[]) => i18n.loadNamespaces(namespaces);

export function changeLanguage(language: Language) {
  if (!multiLanguage) return;
  preferences.update({ language });
  void i18n.changeLanguage(language);
}

export const isRtl = (lng: string) => i18n.dir(lng) === 'rtl';

export default i18n;
