import { describe, expect, it } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { answerError, emptyAnswers, formFieldOfError, parseNumber, toApiAnswers, type BoardQuestion } from './screening';

const q = (id: string, type: BoardQuestion['type'], required = true, options: string[] = []): BoardQuestion => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  question: `Q${id}`,
  type,
  options,
  required,
});
const questions = [
  q('1', 'text'),
  q('2', 'long_text', false),
  q('3', 'yes_no'),
  q('4', 'single_choice', true, ['Day', 'Night']),
  q('5', 'multiple_choice', false, ['Car', 'Van', 'Truck']),
  q('6', 'number'),
];
const [text, long, yesNo, single, multiple, number] = questions as [BoardQuestion, BoardQuestion, BoardQuestion, BoardQuestion, BoardQuestion, BoardQuestion];

describe('screening answers', () => {
  it('asks for required answers only', () => {
    expect(answerError(text, '  ')).toBe(candidateMessages.answerRequired);
    expect(answerError(long, '')).toBeUndefined();
    expect(answerError(multiple, [])).toBeUndefined();
    expect(answerError({ ...multiple, required: true }, [])).toBe(candidateMessages.answerRequired);
  });

  it('accepts only the offered choices and real numbers', () => {
    expect(answerError(single, 'Evening')).toBe(candidateMessages.answerInvalid);
    expect(answerError(single, 'Night')).toBeUndefined();
    expect(answerError(multiple, ['Car', 'Boat'])).toBe(candidateMessages.answerInvalid);
    expect(answerError(yesNo, 'maybe')).toBe(candidateMessages.answerInvalid);
    expect(answerError(number, 'five')).toBe(candidateMessages.answerNumber);
    expect(answerError(number, '5')).toBeUndefined();
    expect(parseNumber('2,5')).toBe(2.5);
    expect(parseNumber('-3')).toBe(-3);
    expect(parseNumber('1e3')).toBeNull();
  });

  it('sends each answer as its type, blanks as null, in the questions\' order', () => {
    const answers = { ...emptyAnswers(questions), [text.id]: ' Forklift licence ', [yesNo.id]: 'no', [single.id]: 'Day', [multiple.id]: ['Van'], [number.id]: '3.5' };
    expect(toApiAnswers(questions, answers)).toEqual([
      { question_id: text.id, answer: 'Forklift licence' },
      { question_id: long.id, answer: null },
      { question_id: yesNo.id, answer: false },
      { question_id: single.id, answer: 'Day' },
      { question_id: multiple.id, answer: ['Van'] },
      { question_id: number.id, answer: 3.5 },
    ]);
  });

  it('puts the API\'s errors on the question they are about', () => {
    expect(formFieldOfError(`answers.${single.id}`, questions)).toBe(`answers.${single.id}`);
    // Zod's own errors name the position in the array that was sent.
    expect(formFieldOfError('answers.5.answer', questions)).toBe(`answers.${number.id}`);
    expect(formFieldOfError('answers.9', questions)).toBeNull();
    expect(formFieldOfError('resume_file_id', questions)).toBe('resume_file_id');
  });
});
