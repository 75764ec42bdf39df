import type { z } from 'zod';
import type { boardQuestion } from '@hireline/contract/board';
import { candidateMessages, type applyBody } from '@hireline/contract/board-candidates';

/*
 * Screening questions as the application form holds them and as the API wants them. The form keeps every answer as
 * text (checkbox groups as a list of options) under `answers.<question id>`; sending converts each to its type.
 * Checks mirror the API's so most mistakes show before sending; the API's own answer still wins.
 */

export type BoardQuestion = z.infer<typeof boardQuestion>;
export type AnswerValue = string | string[];
export type Answers = Record<string, AnswerValue>;
type ApiAnswer = z.input<typeof applyBody>['answers'] extends (infer A)[] | undefined ? A : never;

export const YES = 'yes';
export const NO = 'no';

export const answerPath = (questionId: string) => `answers.${questionId}` as const;

export function emptyAnswer(question: BoardQuestion): AnswerValue {
  return question.type === 'multiple_choice' ? [] : '';
}

export function emptyAnswers(questions: readonly BoardQuestion[]): Answers {
  return Object.fromEntries(questions.map((q) => [q.id, emptyAnswer(q)]));
}

const isBlank = (value: AnswerValue | undefined) => (Array.isArray(value) ? value.length === 0 : !value?.trim());

/** A number as people type it: "42", "-3", "2.5", "2,5". */
export function parseNumber(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** What is wrong with one answer (a contract message, shown translated), or undefined. */
export function answerError(question: BoardQuestion, value: AnswerValue | undefined): string | undefined {
  if (isBlank(value)) return question.required ? candidateMessages.answerRequired : undefined;
  switch (question.type) {
    case 'number':
      return parseNumber(String(value)) === null ? candidateMessages.answerNumber : undefined;
    case 'yes_no':
      return value === YES || value === NO ? undefined : candidateMessages.answerInvalid;
    case 'single_choice':
      return typeof value === 'string' && question.options.includes(value) ? undefined : candidateMessages.answerInvalid;
    case 'multiple_choice':
      return Array.isArray(value) && value.every((v) => question.options.includes(v)) ? undefined : candidateMessages.answerInvalid;
    default:
      return typeof value === 'string' && value.length > 5000 ? candidateMessages.answerInvalid : undefined;
  }
}

/** One answer as the API takes it: a number, a boolean, a list of options, text, or null when left blank. */
export function toApiAnswer(question: BoardQuestion, value: AnswerValue | undefined): ApiAnswer['answer'] {
  if (isBlank(value)) return null;
  switch (question.type) {
    case 'number':
      return parseNumber(String(value));
    case 'yes_no':
      return value === YES;
    case 'multiple_choice':
      return Array.isArray(value) ? value : [value as string];
    default:
      return String(value).trim();
  }
}

/** Every question's answer, in the questions' order (the order the API's `answers.<index>` errors refer to). */
export function toApiAnswers(questions: readonly BoardQuestion[], answers: Answers): ApiAnswer[] {
  return questions.map((q) => ({ question_id: q.id, answer: toApiAnswer(q, answers[q.id]) }));
}

/**
 * The form field an API error key belongs to: `answers.<question id>` as is, `answers.<index>[.answer]` by the
 * position sent, anything else unchanged (`resume_file_id`, `cover_letter`).
 */
export function formFieldOfError(key: string, questions: readonly BoardQuestion[]): string | null {
  const match = /^answers\.([^.]+)(?:\..*)?$/.exec(key);
  if (!match) return key;
  const part = match[1]!;
  if (questions.some((q) => q.id === part)) return answerPath(part);
  if (/^\d+$/.test(part)) {
    const question = questions[Number(part)];
    return question ? answerPath(question.id) : null;
  }
  return null;
}
