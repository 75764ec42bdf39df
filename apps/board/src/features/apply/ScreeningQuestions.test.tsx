// @vitest-environment happy-dom
import { createRoot, type Root } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { description, group, labelled, type, waitFor } from '../../test/dom';
import i18n from '../../lib/i18n';
import { createBoardTheme } from '../../lib/theme';
import { ScreeningQuestions, type ScreeningFormValues } from './ScreeningQuestions';
import { emptyAnswers, toApiAnswers, type BoardQuestion } from './screening';

const theme = createBoardTheme({ mode: 'light', primary: '#7367F0', primaryDark: '#675DD8', direction: 'ltr' });
const id = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
const questions: BoardQuestion[] = [
  { id: id(1), question: 'Your licence number', type: 'text', options: [], required: true },
  { id: id(2), question: 'Tell us about yourself', type: 'long_text', options: [], required: false },
  { id: id(3), question: 'Can you work weekends?', type: 'yes_no', options: [], required: true },
  { id: id(4), question: 'Preferred shift', type: 'single_choice', options: ['Day', 'Night'], required: true },
  { id: id(5), question: 'Vehicles you can drive', type: 'multiple_choice', options: ['Car', 'Van', 'Truck'], required: false },
  { id: id(6), question: 'Years of experience', type: 'number', options: [], required: true },
];

let root: Root | undefined;
afterEach(async () => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
  await i18n.changeLanguage('en');
});

function render(onValid: (values: ScreeningFormValues) => void) {
  function Form() {
    const form = useForm<ScreeningFormValues>({ defaultValues: { answers: emptyAnswers(questions) } });
    return (
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <ScreeningQuestions questions={questions} control={form.control} />
        <button type="submit">Send</button>
      </form>
    );
  }
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(
    <ThemeProvider theme={theme}>
      <Form />
    </ThemeProvider>,
  );
}

const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
const radios = (legend: string) => [...group(legend).querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const checkboxes = (legend: string) => [...group(legend).querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];

describe('screening questions', () => {
  it('renders each type as its control, with required ones marked', async () => {
    render(vi.fn());
    await waitFor(() => expect(document.querySelector('form')).not.toBeNull());
    expect(labelled('Your licence number').tagName).toBe('INPUT');
    expect(labelled('Your licence number').required).toBe(true);
    expect(labelled('Tell us about yourself').tagName).toBe('TEXTAREA');
    expect(labelled('Tell us about yourself').required).toBe(false);
    expect(labelled('Years of experience').getAttribute('inputmode')).toBe('decimal');
    expect(radios('Can you work weekends?').map((r) => r.value)).toEqual(['yes', 'no']);
    expect(group('Can you work weekends?').textContent).toContain('Yes');
    expect(group('Can you work weekends?').querySelector('legend')!.textContent).toContain('*');
    expect(radios('Preferred shift').map((r) => r.value)).toEqual(['Day', 'Night']);
    expect(checkboxes('Vehicles you can drive').map((c) => c.value)).toEqual(['Car', 'Van', 'Truck']);
    expect(group('Vehicles you can drive').querySelector('legend')!.textContent).not.toContain('*');
  });

  it('refuses to send without the required answers, says why beside each, and focuses the first', async () => {
    const onValid = vi.fn();
    render(onValid);
    await waitFor(() => expect(document.querySelector('form')).not.toBeNull());
    type(labelled('Years of experience') as HTMLInputElement, 'five');
    submit();
    await waitFor(() => expect(labelled('Your licence number').getAttribute('aria-invalid')).toBe('true'));
    expect(onValid).not.toHaveBeenCalled();
    expect(description(labelled('Your licence number'))).toBe('Please answer this question.');
    expect(document.activeElement).toBe(labelled('Your licence number'));
    expect(description(labelled('Years of experience'))).toBe('Please enter a number.');
    const weekends = group('Can you work weekends?').querySelector('[role="radiogroup"]')!;
    expect(description(weekends)).toBe('Please answer this question.');
    expect(group('Preferred shift').textContent).toContain('Please answer this question.');
    // Optional questions left blank are fine.
    expect(labelled('Tell us about yourself').getAttribute('aria-invalid')).toBe('false');
    expect(group('Vehicles you can drive').textContent).not.toContain('Please');
  });

  it('says it in the reader\'s language', async () => {
    await i18n.changeLanguage('fr');
    render(vi.fn());
    await waitFor(() => expect(document.querySelector('form')).not.toBeNull());
    submit();
    await waitFor(() => expect(description(labelled('Your licence number'))).toBe('Veuillez répondre à cette question.'));
    expect(group('Can you work weekends?').textContent).toContain('Oui');
  });

  it('sends every answer as its type once complete', async () => {
    const onValid = vi.fn();
    render(onValid);
    await waitFor(() => expect(document.querySelector('form')).not.toBeNull());
    type(labelled('Your licence number') as HTMLInputElement, 'NSW-123');
    radios('Can you work weekends?')[0]!.click();
    radios('Preferred shift')[1]!.click();
    checkboxes('Vehicles you can drive')[0]!.click();
    checkboxes('Vehicles you can drive')[2]!.click();
    type(labelled('Years of experience') as HTMLInputElement, '7');
    submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    const values = onValid.mock.calls[0]![0] as ScreeningFormValues;
    expect(toApiAnswers(questions, values.answers)).toEqual([
      { question_id: id(1), answer: 'NSW-123' },
      { question_id: id(2), answer: null },
      { question_id: id(3), answer: true },
      { question_id: id(4), answer: 'Night' },
      { question_id: id(5), answer: ['Car', 'Truck'] },
      { question_id: id(6), answer: 7 },
    ]);
  });
});
