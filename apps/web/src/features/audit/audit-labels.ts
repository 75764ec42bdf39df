import { useTranslation } from 'react-i18next';
import { auditActionsByFamily, type AuditActionFamily } from '@hireline/contract/audit-actions';
// The English catalogue lists the subject types; its wording is read through `t` in any language.
import enAudit from '../../locales/en/audit.json';

/*
 * Names for what the API records. Action keys are `family.verb` (`job.posted`): the contract lists every one the API
 * can write, and each has a label in every language (audit-labels.test.ts); an older key no longer written shows as
 * its raw key, never as nothing.
 */

type Catalogue = typeof enAudit;
export type ActionFamily = AuditActionFamily;
export type SubjectType = keyof Catalogue['subjects'];
type DeletedType = keyof Catalogue['deletedSubjects'];

const actions = auditActionsByFamily as Record<string, readonly string[]>;

/** Every family with the actions the API writes, in the contract's order: the action filter offers only these. */
export const ACTION_FAMILIES = Object.keys(actions) as ActionFamily[];
export const actionsOf = (family: ActionFamily) => actions[family]!.map((verb) => `${family}.${verb}`);

/**
 * What a person does to their own sign-in and profile is recorded for the enterprise alone, outside any account: an
 * account's trail never holds it, so its filter does not offer it (impersonations are recorded in the account).
 */
export const accountOnlyRecords = (key: string) => familyOf(key) !== 'auth' || key === 'auth.' || key.startsWith('auth.impersonation_');

/** The subject types the API writes, for the subject type filter. */
export const SUBJECT_TYPES = Object.keys(enAudit.subjects) as SubjectType[];

const isFamily = (family: string): family is ActionFamily => Object.hasOwn(actions, family);
const known = (key: string) => {
  const [family, verb, ...rest] = key.split('.');
  return rest.length === 0 && !!family && !!verb && isFamily(family) && actions[family]!.includes(verb);
};

/** The family of a key or prefix (`job.posted`, `job.` → `job`), or null for one the catalogue does not know. */
export function familyOf(key: string): ActionFamily | null {
  const family = key.split('.')[0] ?? '';
  return isFamily(family) ? family : null;
}

/** Labels in the reader's language: an action, a family prefix of the filter, a subject type. */
export function useAuditLabels() {
  const { t } = useTranslation('audit');
  const family = (f: ActionFamily) => t(`families.${f}`);
  // The key is one the catalogue has (known() said so); the cast only tells the typed `t` which shape it takes.
  const action = (key: string) => (known(key) ? t(`actions.${key}` as `actions.job.posted`) : key);
  return {
    action,
    /** `job.` → "Jobs: every action"; an exact key → its label. */
    actionOption: (key: string) => {
      const f = key.endsWith('.') ? familyOf(key) : null;
      return f && key === `${f}.` ? t('filters.everyAction', { family: family(f) }) : action(key);
    },
    family,
    subject: (type: string) => (Object.hasOwn(enAudit.subjects, type) ? t(`subjects.${type as SubjectType}`) : type),
    /** "Deleted job": what an entry is about no longer exists; never its id alone, nor another record's name. */
    deleted: (type: string) => (Object.hasOwn(enAudit.deletedSubjects, type) ? t(`deletedSubjects.${type as DeletedType}`) : t('list.deleted')),
  };
}
