import { emailTemplateMessages } from '@hireline/contract/email-templates';
import i18n, { loadNamespaces } from '../../lib/i18n';
import { settingsMessage } from './settings-messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('settings');

/*
 * The email templates' own words: their 422 messages in the reader's language, and language names for sentences
 * ("the email in French") in it too.
 */

const UNKNOWN_PLACEHOLDER = /^Unknown placeholder (\{\{[^}]*\}\})\. This email can use: (.+)\.$/;

/** A subject or body error from the contract or the API (an unknown placeholder names the ones allowed). */
export function templateMessage(message: string | undefined): string {
  if (!message) return '';
  const unknown = UNKNOWN_PLACEHOLDER.exec(message);
  // The names go in as values: i18next does not read `{{…}}` inside a value as its own placeholders.
  if (unknown) return i18n.t('settings:emailTemplates.errors.unknownPlaceholder', { name: unknown[1], allowed: unknown[2] });
  if (message === emailTemplateMessages.subjectTooLong) return i18n.t('settings:emailTemplates.errors.subjectTooLong');
  if (message === emailTemplateMessages.bodyTooLong) return i18n.t('settings:emailTemplates.errors.bodyTooLong');
  return settingsMessage(message);
}

/** `fr` as the reader calls it ("French", "français", "الفرنسية"); `capital` for a label standing alone. */
export function languageName(locale: string, readerLanguage: string, capital = false): string {
  let name = locale;
  try {
    name = new Intl.DisplayNames([readerLanguage], { type: 'language' }).of(locale) ?? locale;
  } catch {
    // An engine without display names: the code is still understood.
  }
  return capital ? name.charAt(0).toLocaleUpperCase(readerLanguage) + name.slice(1) : name;
}
