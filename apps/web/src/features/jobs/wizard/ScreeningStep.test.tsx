// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { JobDetail } from '@hireline/contract/job-model';
import { bodiesOf, button, cleanup, fakeApi, fields, J, makeJob, openApp, type } from './wizard.fixtures';
import { waitFor } from '../../../test/wait';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(cleanup);

const question = (n: number, q: Partial<JobDetail['screening_questions'][number]>) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  position: n,
  type: 'text' as const,
  label: '',
  required: false,
  options: [],
  knockout_answers: null,
  ...q,
});

const withQuestions = () =>
  makeJob({
    advert_start_at: '2025-02-01T00:00:00.000Z',
    advert_end_at: '2025-03-01T00:00:00.000Z',
    screening_questions: [
      question(1, { type: 'yes_no', label: 'Do you hold a licence?', required: true, knockout_answers: ['no'] }),
      question(2, { type: 'number', label: 'Years of experience' }),
    ],
  });

const labels = () => fields('Question').map((i) => i.value);
const PATCH = `PATCH /portal/v1/jobs/${J}`;

describe('job wizard, step 4 (Screening Questions)', () => {
  it('reorders with the up/down buttons, keeps focus on the moved question and saves the new order', async () => {
    const api = fakeApi({ job: withQuestions() });
    await openApp(`/acme/jobs/jobs/edit?id=${J}&step=screening`);
    await waitFor(() => expect(labels()).toEqual(['Do you hold a licence?', 'Years of experience']));
    expect(button('Move question 1 up').disabled).toBe(true);

    button('Move question 2 up').click();
    await waitFor(() => expect(labels()).toEqual(['Years of experience', 'Do you hold a licence?']));
    // At the top its "up" button is disabled: focus stays on the same question through its "down" button.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move question 1 down'));
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Question 2 moved to position 1 of 2.');

    button('Save and continue').click();
    await waitFor(() => expect(bodiesOf(api.calls, PATCH)).toHaveLength(1));
    expect(bodiesOf(api.calls, PATCH)[0]).toEqual({
      screening_questions: [
        { type: 'number', label: 'Years of experience', required: false, options: [], knockout_answers: null },
        { type: 'yes_no', label: 'Do you hold a licence?', required: true, options: [], knockout_answers: ['no'] },
      ],
    });
    await waitFor(() => expect(document.querySelector('h2')?.textContent).toBe('Overview & Confirmation'));
  });

  it('needs at least two options for a choice question, with knock-out answers among them', async () => {
    const api = fakeApi({ job: withQuestions() });
    await openApp(`/acme/jobs/jobs/edit?id=${J}&step=screening`);
    await waitFor(() => expect(labels()).toHaveLength(2));

    button('Add a question').click();
    await waitFor(() => expect(labels()).toHaveLength(3));
    type(fields('Question')[2]!, 'Which shifts can you work?');
    type(fields('Answer type')[2]!, 'single_choice');
    // A new choice question starts with two empty options; remove one to leave too few.
    await waitFor(() => expect(fields('Option 2')).toHaveLength(1));
    button('Remove option 2').click();
    await waitFor(() => expect(fields('Option 2')).toHaveLength(0));
    type(fields('Option 1')[0]!, 'Mornings');
    button('Save and continue').click();
    await waitFor(() => expect(document.body.textContent).toContain('Add at least two options.'));
    expect(bodiesOf(api.calls, PATCH)).toEqual([]);

    button('Add an option').click();
    await waitFor(() => expect(fields('Option 2')).toHaveLength(1));
    type(fields('Option 2')[0]!, 'Nights');
    document.querySelector<HTMLInputElement>('input[aria-label="Knock-out answer: option 2"]')!.click();
    button('Save and continue').click();
    await waitFor(() => expect(bodiesOf(api.calls, PATCH)).toHaveLength(1));
    expect(bodiesOf(api.calls, PATCH)[0]).toMatchObject({
      screening_questions: [
        { type: 'yes_no' },
        { type: 'number' },
        { type: 'single_choice', label: 'Which shifts can you work?', options: ['Mornings', 'Nights'], knockout_answers: ['Nights'] },
      ],
    });
  });
});
