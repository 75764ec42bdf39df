import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@hireline/contract/job-model';
import { updateJob } from '@hireline/contract/jobs';
import { visuallyHidden } from '../../../components/visually-hidden';
import { bodySchema } from '../../../lib/forms';
import { translateMessage } from '../../../lib/messages';
import { ScreeningQuestionCard } from './ScreeningQuestionCard';
import { newQuestion, screeningBody, screeningValues, type ScreeningValues } from './screening-values';
import { StepActions, StepShell } from './StepShell';
import { useStepForm } from './use-step-form';
import type { StepContext, UpdateOutput } from './wizard-context';
import { errorAt, stepResolver } from './wizard-form';

const MAX_QUESTIONS = 20;

/**
 * Step 4, Screening Questions: a builder. Questions are reordered with up/down buttons; focus stays on the button
 * that moved the question and the new position is announced.
 */
export function ScreeningStep({ ctx, job }: { ctx: StepContext; job: JobDetail }) {
  const { t } = useTranslation('jobs');
  const form = useForm<ScreeningValues, unknown, UpdateOutput>({
    resolver: stepResolver(bodySchema(updateJob), screeningBody),
    defaultValues: screeningValues(job),
  });
  const { formError, busy, onSubmit, onSaveDraft } = useStepForm(ctx, form, screeningValues);
  const questions = useFieldArray({ control: form.control, name: 'screening_questions' });
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, { up: HTMLButtonElement | null; down: HTMLButtonElement | null }>());
  const addButton = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const count = questions.fields.length;
  const listError = errorAt(form.formState.errors, 'screening_questions');

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const moved = buttons.current.get(pending.id);
    const target = moved?.[pending.direction];
    // At the top (or bottom) that button is disabled now: the other one keeps focus on the question.
    (target && !target.disabled ? target : moved?.[pending.direction === 'up' ? 'down' : 'up'])?.focus();
  }, [questions.fields]);

  const move = (from: number, to: number) => {
    const id = questions.fields[from]?.id;
    if (!id) return;
    pendingFocus.current = { id, direction: to < from ? 'up' : 'down' };
    questions.move(from, to);
    setAnnouncement(t('wizard.screening.moved', { n: from + 1, position: to + 1, count }));
  };

  return (
    <StepShell
      title={t('wizard.steps.screening')}
      intro={t('wizard.screening.intro')}
      error={formError}
      onSubmit={onSubmit}
      actions={
        <StepActions ctx={ctx} busy={busy} onSaveDraft={onSaveDraft} />
      }
    >
      {count === 0 && <Typography color="text.secondary">{t('wizard.screening.empty')}</Typography>}
      <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }} aria-label={t('wizard.steps.screening')}>
        {questions.fields.map((row, index) => (
          <ScreeningQuestionCard
            key={row.id}
            form={form}
            index={index}
            count={count}
            refs={{
              up: (el) => {
                buttons.current.set(row.id, { ...buttons.current.get(row.id), up: el, down: buttons.current.get(row.id)?.down ?? null });
              },
              down: (el) => {
                buttons.current.set(row.id, { up: buttons.current.get(row.id)?.up ?? null, down: el });
              },
            }}
            onMove={(to) => move(index, to)}
            onDelete={() => {
              questions.remove(index);
              setAnnouncement(t('wizard.screening.deleted', { n: index + 1 }));
              addButton.current?.focus();
            }}
          />
        ))}
      </Stack>
      <Box>
        <Button
          ref={addButton}
          variant="outlined"
          startIcon={<Add />}
          disabled={count >= MAX_QUESTIONS}
          onClick={() => questions.append(newQuestion(), { focusName: `screening_questions.${count}.label` })}
        >
          {t('wizard.screening.add')}
        </Button>
        {listError && (
          <Typography variant="caption" color="error" component="p" sx={{ mt: 1 }}>
            {translateMessage(listError)}
          </Typography>
        )}
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </StepShell>
  );
}
