import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import enCommon from "../locales/en/common.json";
import enAuth from "../locales/en/auth.json";
import enCredits from "../locales/en/credits.json";
import enErrors from "../locales/en/errors.json";
import enHome from "../locales/en/home.json";
import enJobs from "../locales/en/jobs.json";
import enMail from "../locales/en/mail.json";
import enProfile from "../locales/en/profile.json";
import enNotifications from "../locales/en/notifications.json";
import enApplications from "../locales/en/applications.json";
import enSeekers from "../locales/en/seekers.json";
import enConsultants from "../locales/en/consultants.json";
import enUsers from "../locales/en/users.json";
import enEnterprise from "../locales/en/enterprise.json";
import enSettings from "../locales/en/settings.json";
import enEmployers from "../locales/en/employers.json";
import enAudit from "../locales/en/audit.json";
import frCommon from "../locales/fr/common.json";
import frAuth from "../locales/fr/auth.json";
import frCredits from "../locales/fr/credits.json";
import frErrors from "../locales/fr/errors.json";
import frHome from "../locales/fr/home.json";
import frJobs from "../locales/fr/jobs.json";
import frMail from "../locales/fr/mail.json";
import frProfile from "../locales/fr/profile.json";
import frNotifications from "../locales/fr/notifications.json";
import frApplications from "../locales/fr/applications.json";
import frSeekers from "../locales/fr/seekers.json";
import frConsultants from "../locales/fr/consultants.json";
import frUsers from "../locales/fr/users.json";
import frEnterprise from "../locales/fr/enterprise.json";
import frSettings from "../locales/fr/settings.json";
import frEmployers from "../locales/fr/employers.json";
import frAudit from "../locales/fr/audit.json";
import arCommon from "../locales/ar/common.json";
import arAuth from "../locales/ar/auth.json";
import arCredits from "../locales/ar/credits.json";
import arErrors from "../locales/ar/errors.json";
import arHome from "../locales/ar/home.json";
import arJobs from "../locales/ar/jobs.json";
import arMail from "../locales/ar/mail.json";
import arProfile from "../locales/ar/profile.json";
import arNotifications from "../locales/ar/notifications.json";
import arApplications from "../locales/ar/applications.json";
import arSeekers from "../locales/ar/seekers.json";
import arConsultants from "../locales/ar/consultants.json";
import arUsers from "../locales/ar/users.json";
import arEnterprise from "../locales/ar/enterprise.json";
import arSettings from "../locales/ar/settings.json";
import arEmployers from "../locales/ar/employers.json";
import arAudit from "../locales/ar/audit.json";
import { preferences, type Language } from "./preferences";

// Catalogs are small and bundled: no loading state and no flash of untranslated keys.
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    credits: enCredits,
    errors: enErrors,
    home: enHome,
    jobs: enJobs,
    mail: enMail,
    notifications: enNotifications,
    applications: enApplications,
    profile: enProfile,
    seekers: enSeekers,
    consultants: enConsultants,
    users: enUsers,
    enterprise: enEnterprise,
    settings: enSettings,
    employers: enEmployers,
    audit: enAudit,
  },
  fr: {
    common: frCommon,
    auth: frAuth,
    credits: frCredits,
    errors: frErrors,
    home: frHome,
    jobs: frJobs,
    mail: frMail,
    notifications: frNotifications,
    applications: frApplications,
    profile: frProfile,
    seekers: frSeekers,
    consultants: frConsultants,
    users: frUsers,
    enterprise: frEnterprise,
    settings: frSettings,
    employers: frEmployers,
    audit: frAudit,
  },
  ar: {
    common: arCommon,
    auth: arAuth,
    credits: arCredits,
    errors: arErrors,
    home: arHome,
    jobs: arJobs,
    mail: arMail,
    notifications: arNotifications,
    applications: arApplications,
    profile: arProfile,
    seekers: arSeekers,
    consultants: arConsultants,
    users: arUsers,
    enterprise: arEnterprise,
    settings: arSettings,
    employers: arEmployers,
    audit: arAudit,
  },
} as const;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["en"];
  }
}

/**
 * Spec §1: multi-language is disabled by default; then the portal is always English. It is turned on at build
 * time (VITE_MULTI_LANGUAGE) or by the deployment (MULTI_LANGUAGE, which the API writes into index.html's meta tag).
 */
export const multiLanguage =
  import.meta.env.VITE_MULTI_LANGUAGE === "true" ||
  (typeof document !== "undefined" &&
    document
      .querySelector('meta[name="af-multi-language"]')
      ?.getAttribute("content") === "true");
export const DEFAULT_LOCALE = "en-US";

function initialLanguage(): string {
  return multiLanguage
    ? (preferences.get().language ?? DEFAULT_LOCALE)
    : DEFAULT_LOCALE;
}

/** Keeps <html lang> and dir in line with the language (Arabic is right-to-left). */
function syncDocument(lng: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common", "auth", "credits", "errors", "home", "jobs", "mail", "notifications", "profile", "applications"],
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});
syncDocument(i18n.language);
i18n.on("languageChanged", syncDocument);

export function changeLanguage(language: Language) {
  if (!multiLanguage) return;
  preferences.update({ language });
  void i18n.changeLanguage(language);
}

export const isRtl = (lng: string) => i18n.dir(lng) === "rtl";

export default i18n;
