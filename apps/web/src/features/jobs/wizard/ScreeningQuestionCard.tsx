import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Controller, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { screeningQuestionTypes } from '@hireline/contract/enums';
import { translateMessage } from '../../../lib/messages';
import { isChoice, type ScreeningValues } from './screening-values';
import { TextListField } from './TextListField';
import type { UpdateOutput } from './wizard-context';
import { errorAt } from './wizard-form';
import { WizardTextField } from './WizardTextField';

const MAX_OPTIONS = 50;

export interface MoveButtons {
  up: Ref<HTMLButtonElement>;
  down: Ref<HTMLButtonElement>;
}

/** One screening question: its type, wording, whether it must be answered, its options and knock-out answers. */
export function ScreeningQuestionCard(props: {
  form: UseFormReturn<ScreeningValues, unknown, UpdateOutput>;
  index: number;
  count: number;
  refs: MoveButtons;
  onMove: (to: number) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('jobs');
  const { form, index: i, count } = props;
  const { control } = form;
  const n = i + 1;
  const type = useWatch({ control, name: `screening_questions.${i}.type` });
  const { errors } = useFormState({ control, name: `screening_questions.${i}` });
  const knockoutError = errorAt(errors, `screening_questions.${i}.knockout_answers`);
  const knockoutLabel = t('wizard.screening.knockout');

  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }} aria-labelledby={`question-${i}-title`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography id={`question-${i}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {t('wizard.screening.question', { n })}
        </Typography>
        <Tooltip title={t('wizard.screening.moveUp', { n })}>
          <span>
            <IconButton ref={props.refs.up} aria-label={t('wizard.screening.moveUp', { n })} disabled={i === 0} onClick={() => props.onMove(i - 1)}>
              <ArrowUpward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('wizard.screening.moveDown', { n })}>
          <span>
            <IconButton
              ref={props.refs.down}
              aria-label={t('wizard.screening.moveDown', { n })}
              disabled={i === count - 1}
              onClick={() => props.onMove(i + 1)}
            >
              <ArrowDownward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('wizard.screening.delete', { n })}>
          <IconButton aria-label={t('wizard.screening.delete', { n })} onClick={props.onDelete}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' } }}>
        <Controller
          control={control}
          name={`screening_questions.${i}.type`}
          render={({ field }) => (
            <TextField
              select
              label={t('wizard.screening.type')}
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => {
                const next = e.target.value as (typeof screeningQuestionTypes)[number];
                field.onChange(next);
                // Options belong to choice questions only; a new choice question starts with two empty ones.
                const options = form.getValues(`screening_questions.${i}.options`);
                const kept = isChoice(next) ? (options.length ? options : [{ value: '', knockout: false }, { value: '', knockout: false }]) : [];
                form.setValue(`screening_questions.${i}.options`, kept.map((o) => ({ ...o, knockout: false })), { shouldDirty: true });
                form.setValue(`screening_questions.${i}.knockout_yes`, false, { shouldDirty: true });
                form.setValue(`screening_questions.${i}.knockout_no`, false, { shouldDirty: true });
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              fullWidth
            >
              {screeningQuestionTypes.map((value) => (
                <option key={value} value={value}>
                  {t(`wizard.screening.types.${value}`)}
                </option>
              ))}
            </TextField>
          )}
        />
        <WizardTextField control={control} name={`screening_questions.${i}.label`} label={t('wizard.screening.label')} required />
      </Box>
      <Controller
        control={control}
        name={`screening_questions.${i}.required`}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
            label={t('wizard.screening.required')}
          />
        )}
      />
      {isChoice(type) && (
        <Box sx={{ mt: 2 }}>
          <TextListField
            control={control}
            name={`screening_questions.${i}.options`}
            legend={t('wizard.screening.options')}
            hint={t('wizard.screening.optionsHint')}
            itemLabel={(j) => t('wizard.screening.option', { n: j + 1 })}
            removeLabel={(j) => t('wizard.screening.removeOption', { n: j + 1 })}
            addLabel={t('wizard.screening.addOption')}
            max={MAX_OPTIONS}
            newItem={{ value: '', knockout: false }}
            extra={(j) => (
              <Controller
                control={control}
                name={`screening_questions.${i}.options.${j}.knockout`}
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ mx: 0, whiteSpace: 'nowrap' }}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(_, checked) => field.onChange(checked)}
                        slotProps={{ input: { 'aria-label': t('wizard.screening.knockoutOption', { n: j + 1 }) } }}
                      />
                    }
                    label={knockoutLabel}
                    slotProps={{ typography: { variant: 'body2' } }}
                  />
                )}
              />
            )}
          />
        </Box>
      )}
      {type === 'yes_no' && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <Typography component="legend" variant="subtitle2">
            {t('wizard.screening.knockoutYesNo')}
          </Typography>
          {(['yes', 'no'] as const).map((answer) => (
            <Controller
              key={answer}
              control={control}
              name={`screening_questions.${i}.knockout_${answer}`}
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
                  label={t(`wizard.screening.answers.${answer}`)}
                />
              )}
            />
          ))}
        </Box>
      )}
      {(isChoice(type) || type === 'yes_no') && (
        <FormHelperText error={Boolean(knockoutError)}>
          {knockoutError ? translateMessage(knockoutError) : t('wizard.screening.knockoutHint')}
        </FormHelperText>
      )}
    </Paper>
  );
}
