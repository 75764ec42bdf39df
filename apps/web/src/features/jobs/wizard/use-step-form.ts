import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { JobDetail } from '@hireline/contract/job-model';
import { applyServerErrors } from '../../../lib/forms';
import type { JobBody, StepContext } from './wizard-context';
import { fieldPaths } from './wizard-form';

/**
 * Saving a step: the resolver has already turned the form into the step's body; send it, take the saved job as
 * the new starting point and move on. A 422 lands on the fields it names; anything else is a form-level message.
 */
export function useStepForm<V extends FieldValues, B extends JobBody>(
  ctx: StepContext,
  form: UseFormReturn<V, unknown, B>,
  toValues: (job: JobDetail) => V,
) {
  const [formError, setFormError] = useState<string>();
  const { isDirty, isSubmitting } = form.formState;
  const { setDirty } = ctx;
  useEffect(() => setDirty(isDirty), [isDirty, setDirty]);

  const save = (then: 'next' | 'stay') =>
    form.handleSubmit(async (body) => {
      setFormError(undefined);
      try {
        const saved = await ctx.save(body);
        form.reset(toValues(saved));
        ctx.saved(saved, then);
      } catch (error) {
        setFormError(applyServerErrors(error, form.setError, fieldPaths(form.getValues()) as Path<V>[]));
      }
    });

  // One save at a time: Enter pressed again while saving must not create a second draft.
  const inFlight = useRef(false);
  const submit = (then: 'next' | 'stay') => async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await save(then)(event);
    } finally {
      inFlight.current = false;
    }
  };

  return {
    formError,
    busy: isSubmitting,
    /** "Save and continue" (also Enter in a field). */
    onSubmit: (event: BaseSyntheticEvent) => void submit('next')(event),
    onSaveDraft: () => void submit('stay')(),
  };
}
