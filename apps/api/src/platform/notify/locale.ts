import { userLocales, type UserLocale } from '@hireline/contract/enums';

/** A stored language the portal speaks, else English. */
export const asLocale = (l: string | null | undefined): UserLocale =>
  (userLocales as readonly string[]).includes(l ?? '') ? (l as UserLocale) : 'en';
