/*
 * Every catalog of every language, bundled: for the tests (key parity across languages, rendering any page without
 * waiting) and for the types of `t`. The app itself never imports this module; lib/i18n.ts loads catalogs on demand.
 */
import enCommon from './en/common.json';
import enAuth from './en/auth.json';
import enCredits from './en/credits.json';
import enErrors from './en/errors.json';
import enHome from './en/home.json';
import enJobs from './en/jobs.json';
import enMail from './en/mail.json';
import enProfile from './en/profile.json';
import enNotifications from './en/notifications.json';
import enApplications from './en/applications.json';
import enSeekers from './en/seekers.json';
import enConsultants from './en/consultants.json';
import enUsers from './en/users.json';
import enEnterprise from './en/enterprise.json';
import enSettings from './en/settings.json';
import enEmployers from './en/employers.json';
import enAudit from './en/audit.json';
import frCommon from './fr/common.json';
import frAuth from './fr/auth.json';
import frCredits from './fr/credits.json';
import frErrors from './fr/errors.json';
import frHome from './fr/home.json';
import frJobs from './fr/jobs.json';
import frMail from './fr/mail.json';
import frProfile from './fr/profile.json';
import frNotifications from './fr/notifications.json';
import frApplications from './fr/applications.json';
import frSeekers from './fr/seekers.json';
import frConsultants from './fr/consultants.json';
import frUsers from './fr/users.json';
import frEnterprise from './fr/enterprise.json';
import frSettings from './fr/settings.json';
import frEmployers from './fr/employers.json';
import frAudit from './fr/audit.json';
import arCommon from './ar/common.json';
import arAuth from './ar/auth.json';
import arCredits from './ar/credits.json';
import arErrors from './ar/errors.json';
import arHome from './ar/home.json';
import arJobs from './ar/jobs.json';
import arMail from './ar/mail.json';
import arProfile from './ar/profile.json';
import arNotifications from './ar/notifications.json';
import arApplications from './ar/applications.json';
import arSeekers from './ar/seekers.json';
import arConsultants from './ar/consultants.json';
import arUsers from './ar/users.json';
import arEnterprise from './ar/enterprise.json';
import arSettings from './ar/settings.json';
import arEmployers from './ar/employers.json';
import arAudit from './ar/audit.json';

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
