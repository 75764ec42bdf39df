import { emailTemplateMessages } from '@hireline/contract/email-templates';
import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('settings');

/*
 * The email templates' own words: the body's length error as the editor names the body ("the message"), and
 * language names for sentences ("the email in French") in the reader's language.
 */

/** A subject or body error from the contract or the API, in the reader's language. */
export function templateMessage(message: string | undefined): string {
  if (message === emailTemplateMessages.bodyTooLong) return i18n.t('settings:emailTemplates.errors.bodyTooLong');
  return translateMessage(message);
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
