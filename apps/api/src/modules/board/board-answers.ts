import { candidateMessages } from '@hireline/contract/board-candidates';
import type { ScreeningQuestionType } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import type { ApplicationAnswer } from '../../db/schema/applications';

/*
 * A candidate's screening answers checked against the job's questions, and the snapshot the application keeps of
 * them. Errors are keyed `answers.<question_id>` so the board can put each message under its own question,
 * whatever order the answers came in.
 */

export interface Question {
  id: string;
  label: string;
  type: ScreeningQuestionType;
  options: string[];
  required: boolean;
  knockoutAnswers: string[] | null;
}

export type RawAnswer = string | number | boolean | string[] | null;

export const answerKey = (questionId: string) => `answers.${questionId}`;

type Checked = { ok: true; value: ApplicationAnswer['answer'] } | { ok: false; message: string };

const blank = (a: RawAnswer) => a === null || (typeof a === 'string' && a.trim() === '') || (Array.isArray(a) && a.length === 0);

/** One answer in the type its question stores, or why it cannot be; a blank answer is null here. */
function check(q: Question, a: RawAnswer): Checked {
  if (blank(a)) return { ok: true, value: null };
  const bad = { ok: false as const, message: candidateMessages.answerInvalid };
  switch (q.type) {
    case 'text':
    case 'long_text':
      return typeof a === 'string' ? { ok: true, value: a.trim() } : { ok: false, message: messages.invalid };
    case 'yes_no':
      // A checkbox sends a boolean, a radio group the word: both are stored as the word the knock-out list uses.
      if (typeof a === 'boolean') return { ok: true, value: a ? 'yes' : 'no' };
      return a === 'yes' || a === 'no' ? { ok: true, value: a } : bad;
    case 'single_choice':
      return typeof a === 'string' && q.options.includes(a) ? { ok: true, value: a } : bad;
    case 'multiple_choice': {
      const picked = typeof a === 'string' ? [a] : a;
      if (!Array.isArray(picked) || picked.some((p) => !q.options.includes(p))) return bad;
      return { ok: true, value: [...new Set(picked)] };
    }
    case 'number': {
      // A form field sends its text; anything that is not a finite number is refused rather than guessed.
      const n = typeof a === 'number' ? a : typeof a === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(a) ? Number(a) : NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: candidateMessages.answerNumber };
    }
  }
}

/** Whether this answer is one the question knocks out on: for multiple choice, picking any such option does. */
function knocksOut(q: Question, value: ApplicationAnswer['answer']): boolean {
  const list = q.knockoutAnswers;
  if (!list?.length || value === null) return false;
  if (q.type === 'yes_no' || q.type === 'single_choice') return typeof value === 'string' && list.includes(value);
  if (q.type === 'multiple_choice') return Array.isArray(value) && value.some((v) => list.includes(v));
  return false;
}

/**
 * The snapshot of every question of the job, in the job's order (unanswered optional ones as null), or the errors:
 * a required question left blank, an answer of the wrong kind, or an answer to a question the job does not have
 * (also a question answered twice).
 */
export function checkAnswers(
  questions: Question[],
  given: Array<{ question_id: string; answer: RawAnswer }>,
): { ok: true; answers: ApplicationAnswer[]; knockedOut: boolean } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const byId = new Map<string, RawAnswer>();
  const known = new Set(questions.map((q) => q.id));
  for (const g of given) {
    if (!known.has(g.question_id) || byId.has(g.question_id)) errors[answerKey(g.question_id)] = [messages.invalid];
    else byId.set(g.question_id, g.answer);
  }
  const answers: ApplicationAnswer[] = [];
  for (const q of questions) {
    const checked = check(q, byId.get(q.id) ?? null);
    if (!checked.ok) errors[answerKey(q.id)] = [checked.message];
    else if (checked.value === null && q.required) errors[answerKey(q.id)] = [candidateMessages.answerRequired];
    else answers.push({ question_id: q.id, label: q.label, type: q.type, answer: checked.value, knocked_out: knocksOut(q, checked.value) });
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, answers, knockedOut: answers.some((a) => a.knocked_out) };
}
