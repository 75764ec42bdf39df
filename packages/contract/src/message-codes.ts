import { accountMessageCodes } from './message-codes-account';
import { commonMessageCodes } from './message-codes-common';
import { jobMessageCodes } from './message-codes-jobs';
import { siteMessageCodes } from './message-codes-sites';

/**
 * Every message the API or the contract's schemas can answer, by code: `code → English template`. Clients translate
 * the code (with its `params`) and fall back to the English; the English is written here once, and the older message
 * lists (messages.ts, `mfaMessages`, …) take their values from it.
 *
 * Codes are snake_case: generic ones flat (`required`, `max_length`), module ones prefixed by their area with a dot
 * (`users.last_admin`). A code is never renamed once published: translations are keyed by it. Templates name their
 * parameters as `{name}`.
 */
export const messageCatalog = {
  ...commonMessageCodes,
  ...accountMessageCodes,
  ...siteMessageCodes,
  ...jobMessageCodes,
} as const;

export type MessageCode = keyof typeof messageCatalog;
export type MessageParams = Record<string, string | number>;
/** A message as the API names it beside the English: `unknown` when the English is not in the catalogue. */
export type CodedMessage = { code: MessageCode | 'unknown'; params?: MessageParams };

/** Placeholders that always hold a count; they are read back as numbers (`1,000` too). */
const numericParams = new Set(['max', 'min', 'mb', 'balance']);
const placeholder = /\{(\w+)\}/g;

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(messageCatalog, code);

/** The placeholders a template names, in order. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(placeholder)].map((m) => m[1]!);

/** The English of a code with its parameters filled in; a parameter not given stays as `{name}`. */
export function formatMessage(code: MessageCode, params: MessageParams = {}): string {
  return messageCatalog[code].replace(placeholder, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

type Pattern = { code: MessageCode; regex: RegExp; names: string[] };

let exact: Map<string, MessageCode> | undefined;
let patterns: Pattern[] | undefined;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Built on first use: the catalogue is read once, by whichever side asks first. */
function compile() {
  exact = new Map();
  patterns = [];
  for (const [code, template] of Object.entries(messageCatalog) as [MessageCode, string][]) {
    const names = placeholdersOf(template);
    if (!names.length) {
      exact.set(template, code);
      continue;
    }
    const source = template
      .split(placeholder)
      .map((part, i) => (i % 2 === 0 ? escapeRegex(part) : numericParams.has(part) ? '(-?\\d{1,3}(?:,\\d{3})+|-?\\d+(?:\\.\\d+)?)' : '(.+)'))
      .join('');
    patterns.push({ code, regex: new RegExp(`^${source}$`, 's'), names });
  }
}

/** The code and parameters of an English message, or undefined when the catalogue has no such message. */
export function describeMessage(english: string): { code: MessageCode; params?: MessageParams } | undefined {
  if (!exact || !patterns) compile();
  const code = exact!.get(english);
  if (code) return { code };
  for (const p of patterns!) {
    const match = p.regex.exec(english);
    if (!match) continue;
    const params: MessageParams = {};
    p.names.forEach((name, i) => {
      const value = match[i + 1]!;
      params[name] = numericParams.has(name) ? Number(value.replaceAll(',', '')) : value;
    });
    return { code: p.code, params };
  }
  return undefined;
}
