import { useId } from 'react';
import { Controller, type Control, type ControllerRenderProps, type FieldError } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../lib/forms';
import { answerError, answerPath, NO, YES, type AnswerValue, type Answers, type BoardQuestion } from './screening';

export interface ScreeningFormValues {
  answers: Answers;
}

type Field = ControllerRenderProps<ScreeningFormValues, `answers.${string}`>;

/**
 * The advert's screening questions, each as the control its type calls for: text, long text, a number, yes/no and
 * single choice as radio groups, multiple choice as checkboxes. Required ones are marked and checked before sending;
 * errors are tied to their control with aria-describedby, and the first one gets the focus.
 */
export function ScreeningQuestions({ questions, control }: { questions: readonly BoardQuestion[]; control: Control<ScreeningFormValues> }) {
  return (
    <Stack spacing={3}>
      {questions.map((question) => (
        <Controller
          key={question.id}
          control={control}
          name={answerPath(question.id)}
          rules={{ validate: (value) => answerError(question, value as AnswerValue) ?? true }}
          render={({ field, fieldState }) => <Question question={question} field={field} error={fieldState.error} />}
        />
      ))}
    </Stack>
  );
}

function Question({ question, field, error }: { question: BoardQuestion; field: Field; error: FieldError | undefined }) {
  const { t } = useTranslation();
  const helperId = useId();
  const inputId = useId();
  const message = fieldErrorText(error);
  const value = field.value as AnswerValue | undefined;

  if (question.type === 'text' || question.type === 'long_text' || question.type === 'number') {
    const number = question.type === 'number';
    // The question sits above its box rather than inside it: questions are often longer than a field is wide.
    return (
      <FormControl error={Boolean(message)} required={question.required} fullWidth>
        <FormLabel htmlFor={inputId} sx={{ mb: 1, color: 'text.primary' }}>
          <bdi>{question.question}</bdi>
        </FormLabel>
        <TextField
          id={inputId}
          required={question.required}
          name={field.name}
          value={typeof value === 'string' ? value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(message)}
          helperText={message}
          multiline={question.type === 'long_text'}
          minRows={question.type === 'long_text' ? 4 : undefined}
          fullWidth
          slotProps={{ htmlInput: number ? { inputMode: 'decimal' } : { maxLength: 5000 } }}
        />
      </FormControl>
    );
  }

  const choices: { value: string; label: string }[] =
    question.type === 'yes_no'
      ? [
          { value: YES, label: t('screening.yes') },
          { value: NO, label: t('screening.no') },
        ]
      : question.options.map((o) => ({ value: o, label: o }));
  const describedBy = message ? helperId : undefined;

  return (
    <FormControl component="fieldset" error={Boolean(message)} required={question.required} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ mb: 0.5, color: 'text.primary' }}>
        {/* The employer's words take their own direction (an English question on the Arabic board). */}
        <bdi>{question.question}</bdi>
      </FormLabel>
      {question.type === 'multiple_choice' ? (
        <FormGroup aria-describedby={describedBy}>
          {choices.map((choice, index) => {
            const list = Array.isArray(value) ? value : [];
            return (
              <FormControlLabel
                key={choice.value}
                label={<bdi>{choice.label}</bdi>}
                control={
                  <Checkbox
                    name={field.name}
                    value={choice.value}
                    checked={list.includes(choice.value)}
                    onBlur={field.onBlur}
                    slotProps={{
                      input: { ref: index === 0 ? field.ref : undefined, 'aria-describedby': describedBy, 'aria-invalid': message ? true : undefined },
                    }}
                    onChange={(e) =>
                      field.onChange(e.target.checked ? [...list, choice.value] : list.filter((v) => v !== choice.value))
                    }
                  />
                }
              />
            );
          })}
        </FormGroup>
      ) : (
        <RadioGroup
          name={field.name}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => field.onChange(e.target.value)}
          row={question.type === 'yes_no'}
          aria-describedby={describedBy}
          aria-required={question.required || undefined}
          aria-invalid={message ? true : undefined}
        >
          {choices.map((choice, index) => (
            <FormControlLabel
              key={choice.value}
              value={choice.value}
              label={<bdi>{choice.label}</bdi>}
              control={<Radio onBlur={field.onBlur} slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
            />
          ))}
        </RadioGroup>
      )}
      {message && <FormHelperText id={helperId}>{message}</FormHelperText>}
    </FormControl>
  );
}
