import { userLocales, type UserLocale } from '@hireline/contract/enums';

/*
 * Labels of the enumerations a list export writes, in the portal's languages and worded as the portal shows them
 * (apps/web/src/locales), so a spreadsheet reads `Live`, `En ligne` or `منشورة` where the database holds `live`.
 * A value with no label (a kind added since) is written as it is stored rather than dropped.
 */

export type CsvLang = UserLocale;

type Catalog = Record<string, string>;

const en = {
  jobStatus: { draft: 'Draft', pending: 'On hold', live: 'Live', unlisted: 'Unlisted', expired: 'Expired', rejected: 'Rejected' },
  applicationStatus: {
    applied: 'Applied', registered: 'Registered', new: 'New', invited: 'Invited', screening: 'Screening',
    shortlisted: 'Shortlisted', interviewed: 'Interviewed', offered: 'Offered', unsuccessful: 'Unsuccessful', withdrawn: 'Withdrawn',
  },
  employerStatus: { pending: 'On hold', active: 'Active', rejected: 'Rejected' },
  employerType: { business: 'Business', household: 'Household' },
  creditAction: { purchase: 'Purchase', post: 'Job post', refund: 'Refund', grant: 'Grant', revoke: 'Revocation', expire: 'Expiry' },
  userStatus: { invited: 'Invited', active: 'Active', disabled: 'Disabled', registration_pending: 'Awaiting approval', registration_declined: 'Registration declined' },
  yesNo: { true: 'yes', false: 'no' },
} satisfies Record<string, Catalog>;

export type CsvLabelKind = keyof typeof en;

const fr: Record<CsvLabelKind, Catalog> = {
  jobStatus: { draft: 'Brouillon', pending: 'En attente', live: 'En ligne', unlisted: 'Masquée', expired: 'Expirée', rejected: 'Refusée' },
  applicationStatus: {
    applied: 'Postulé', registered: 'Inscrit', new: 'Nouveau', invited: 'Invité', screening: 'Présélection',
    shortlisted: 'Retenu', interviewed: 'Entretien passé', offered: 'Offre faite', unsuccessful: 'Non retenu', withdrawn: 'Retiré',
  },
  employerStatus: { pending: 'En attente', active: 'Actif', rejected: 'Refusé' },
  employerType: { business: 'Entreprise', household: 'Particulier employeur' },
  creditAction: { purchase: 'Achat', post: "Publication d'offre", refund: 'Remboursement', grant: 'Attribution', revoke: 'Retrait', expire: 'Expiration' },
  userStatus: { invited: 'Invité', active: 'Actif', disabled: 'Désactivé', registration_pending: 'En attente d’approbation', registration_declined: 'Inscription refusée' },
  yesNo: { true: 'oui', false: 'non' },
};

const ar: Record<CsvLabelKind, Catalog> = {
  jobStatus: { draft: 'مسودة', pending: 'معلّقة', live: 'منشورة', unlisted: 'غير مدرجة', expired: 'منتهية', rejected: 'مرفوضة' },
  applicationStatus: {
    applied: 'تم التقديم', registered: 'مسجّل', new: 'جديد', invited: 'مدعو', screening: 'قيد الفرز',
    shortlisted: 'في القائمة المختصرة', interviewed: 'أُجريت المقابلة', offered: 'قُدّم عرض', unsuccessful: 'غير مقبول', withdrawn: 'منسحب',
  },
  employerStatus: { pending: 'قيد الانتظار', active: 'نشط', rejected: 'مرفوض' },
  employerType: { business: 'شركة', household: 'أسرة' },
  creditAction: { purchase: 'شراء', post: 'نشر وظيفة', refund: 'استرداد', grant: 'منح', revoke: 'سحب', expire: 'انتهاء صلاحية' },
  userStatus: { invited: 'مدعو', active: 'نشط', disabled: 'معطّل', registration_pending: 'بانتظار الموافقة', registration_declined: 'رُفض التسجيل' },
  yesNo: { true: 'نعم', false: 'لا' },
};

const catalogs: Record<CsvLang, Record<CsvLabelKind, Catalog>> = { en, fr, ar };

/** The language of a site's locale (`fr-FR` → `fr`); English for one the portal does not speak. */
export function csvLangOf(locale: string | null | undefined): CsvLang {
  const lang = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return (userLocales as readonly string[]).includes(lang ?? '') ? (lang as CsvLang) : 'en';
}

export function csvLabel(lang: CsvLang, kind: CsvLabelKind, value: string | boolean | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const key = String(value);
  return catalogs[lang][kind][key] ?? en[kind][key as never] ?? key;
}
