import { describeMessage, formatMessage, isMessageCode, type MessageParams } from '@hireline/contract/message-codes';
import i18n from './i18n';

/*
 * The board's one translator of the API's and the contract's messages. The API names every message by a code of the
 * contract's catalogue (with its `params`); the reader sees that code's translation (`errors` namespace, `codes`), and
 * in English — or for a code not translated — the catalogue's own English.
 */

export interface CodedMessage {
  message: string;
  code?: string;
  params?: MessageParams;
}

/** A message from the API in the reader's language; text the catalogue does not know is shown as sent. */
export function translateError({ message, code, params }: CodedMessage): string {
  if (!code || !isMessageCode(code)) return translateMessage(message);
  const key = `errors:codes.${code}`;
  // English is not copied into a catalogue: it is the template itself.
  if (!i18n.exists(key)) return params || !message ? formatMessage(code, params) : message;
  return i18n.t(key as never, { ...params, defaultValue: message }) as string;
}

/** An English message (a contract schema's, checked in the browser, or an answer's text) in the reader's language. */
export function translateMessage(message: string | undefined | null): string {
  if (!message) return '';
  const described = describeMessage(message);
  return described ? translateError({ message, ...described }) : message;
}
