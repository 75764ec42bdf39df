import { messages } from '@hireline/contract/messages';
import { impersonationMessages } from '@hireline/contract/impersonation';
import { mfaMessages } from '@hireline/contract/mfa';
import i18n from './i18n';

// The API and the contract speak the spec's English strings; map each back to its key to show it translated.
const keyByMessage = new Map<string, string>([
  ...Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [[value, key] as const] : [])),
  // Acting as someone else: refused starts, and every action the API refuses while impersonating.
  ...Object.entries(impersonationMessages).map(([key, value]) => [value, `impersonation.${key}`] as const),
  // Two-step sign-in: wrong or spent codes, an expired challenge, the account's requirement.
  ...Object.entries(mfaMessages).map(([key, value]) => [value, `mfa.${key}`] as const),
]);

/** A contract message in the current language; unknown text (e.g. a server-specific message) is shown as is. */
export function translateMessage(message: string | undefined | null): string {
  if (!message) return '';
  const key = keyByMessage.get(message);
  if (!key || !i18n.isInitialized) return message;
  return i18n.t(`errors:${key}` as never, { defaultValue: message }) as string;
}
