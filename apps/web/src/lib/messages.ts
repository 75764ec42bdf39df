import {
  describeMessage,
  formatMessage,
  messageCatalog,
  type MessageCode,
  type MessageParams,
} from '@hireline/contract/message-codes';
import { formatNumber } from './format';
import i18n from './i18n';

/*
 * The portal's one translator. The API answers in English with a catalogue code beside the text (the contract's
 * message-codes.ts); the contract's own Zod messages arrive as English only and are looked up by their text. Either
 * way the code names a translation in `errors:codes.*`; English needs none: the catalogue's English is the text.
 */

/** A message as the API answers it: the English text, and its catalogue code and values when the API knows them. */
export interface CodedMessage {
  message: string;
  code?: string;
  params?: MessageParams;
}

/** One entry of an error answer's `error_codes` (parallel to `errors`). */
export interface MessageRef {
  code: string;
  params?: MessageParams;
}

const isCatalogCode = (code: string | undefined): code is MessageCode => code !== undefined && Object.hasOwn(messageCatalog, code);

/**
 * The code and values behind a message. The answer's code is trusted when it says the same English as the text (a
 * code such as `network_error`, or one reused for a different sentence, is not); otherwise the text is looked up.
 */
function resolve({ message, code, params }: CodedMessage): { code: MessageCode; params?: MessageParams } | undefined {
  if (isCatalogCode(code) && (!message || formatMessage(code, params) === message)) return { code, params };
  return message ? describeMessage(message) : undefined;
}

/** Numbers as the reader writes them ("20 000" in French, "1,000" in English). */
function readerParams(params: MessageParams = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) out[name] = typeof value === 'number' ? formatNumber(value, i18n.language) : value;
  return out;
}

/** An API answer's message in the reader's language; a message the catalogue does not know is shown as it came. */
export function translateError(answer: CodedMessage | null | undefined): string {
  if (!answer) return '';
  const found = resolve(answer);
  const english = answer.message || (found ? formatMessage(found.code, found.params) : '');
  const key = `errors:codes.${found?.code}`;
  // English has no copy of the catalogue (the text is its own translation), and English text may hold `{{…}}`
  // (an email template's placeholder) that i18next must not read: it is returned as it is.
  if (!found || !i18n.isInitialized || !i18n.exists(key)) return english;
  return i18n.t(key as never, readerParams(found.params)) as string;
}

/** A contract message (a Zod schema's, or one the portal shows itself) in the reader's language. */
export function translateMessage(message: string | undefined | null): string {
  return message ? translateError({ message }) : '';
}

/** The field errors of an API answer: English `errors` and, in the same order, their codes (`error_codes`). */
export interface FieldErrorsAnswer {
  errors: Record<string, string[]>;
  errorCodes?: Record<string, MessageRef[]>;
}

/** A field's first (or `index`th) error of an answer in the reader's language; undefined when it has none. */
export function translateFieldError(answer: FieldErrorsAnswer, field: string, index = 0): string | undefined {
  const message = answer.errors[field]?.[index];
  if (!message) return undefined;
  const ref = answer.errorCodes?.[field]?.[index];
  return translateError({ message, code: ref?.code, params: ref?.params });
}
