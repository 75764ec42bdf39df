import type { ScreeningQuestionType } from '@hireline/contract/enums';
import type { JobDetail } from '@hireline/contract/job-model';

export interface QuestionValues {
  type: ScreeningQuestionType;
  label: string;
  required: boolean;
  /** Choice questions' options; `knockout` marks the answers that knock an application out. */
  options: { value: string; knockout: boolean }[];
  knockout_yes: boolean;
  knockout_no: boolean;
}
export interface ScreeningValues {
  screening_questions: QuestionValues[];
}

export const isChoice = (type: ScreeningQuestionType) => type === 'single_choice' || type === 'multiple_choice';

export const newQuestion = (): QuestionValues => ({
  type: 'text',
  label: '',
  required: false,
  options: [],
  knockout_yes: false,
  knockout_no: false,
});

export const screeningValues = (job: JobDetail): ScreeningValues => ({
  screening_questions: [...job.screening_questions]
    .sort((a, b) => a.position - b.position)
    .map((q) => {
      const knock = q.knockout_answers ?? [];
      return {
        type: q.type,
        label: q.label,
        required: q.required,
        options: q.options.map((value) => ({ value, knockout: knock.includes(value) })),
        knockout_yes: q.type === 'yes_no' && knock.includes('yes'),
        knockout_no: q.type === 'yes_no' && knock.includes('no'),
      };
    }),
});

/** The contract's `screeningQuestionInput` for each question, in the order shown (that order is the position). */
export const screeningBody = (v: ScreeningValues) => ({
  screening_questions: v.screening_questions.map((q) => {
    const choice = isChoice(q.type);
    const knockout =
      q.type === 'yes_no'
        ? [...(q.knockout_yes ? ['yes'] : []), ...(q.knockout_no ? ['no'] : [])]
        : choice
          ? q.options.filter((o) => o.knockout).map((o) => o.value)
          : [];
    return {
      type: q.type,
      label: q.label,
      required: q.required,
      options: choice ? q.options.map((o) => o.value) : [],
      knockout_answers: knockout.length ? knockout : null,
    };
  }),
});
