import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { set, useController, type Control, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messages } from '@hireline/contract/messages';
import { ErrorState } from '../../components/ErrorState';
import { isApiError, type ApiError } from '../../lib/api-client';
import { translateError, translateFieldError, translateMessage } from '../../lib/messages';

/* What every settings tab is built from: its loading and error states, bound fields, the save bar and 422 handling. */

/** A tab's data: the load error with a retry, placeholders while it loads, then the tab's form. */
export function QueryGate<T>(props: { query: UseQueryResult<T, ApiError>; errorTitle: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isError && query.data === undefined)
    return <ErrorState title={props.errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined)
    return (
      <Box role="status" aria-busy="true" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </Box>
    );
  return <>{props.children(query.data)}</>;
}

export type SettingsTextFieldProps<T extends FieldValues, O = T> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  readOnly?: boolean;
};

/** A labelled text field bound to the form; client and 422 messages in the reader's language. */
export function SettingsTextField<T extends FieldValues, O = T>(allProps: SettingsTextFieldProps<T, O>) {
  const { control, name, helperText, readOnly, slotProps, ...props } = allProps;
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ? translateMessage(message) : helperText}
      fullWidth={props.fullWidth ?? true}
      slotProps={{ ...slotProps, input: { readOnly, ...(slotProps?.input as object) } }}
    />
  );
}

/** An on/off setting with the sentence that says what it does (read with the switch by screen readers). */
export function SwitchField<T extends FieldValues, O = T>(props: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  description?: string;
  disabled?: boolean;
}) {
  const { field } = useController({ control: props.control, name: props.name });
  const descriptionId = useId();
  return (
    <Box>
      <FormControlLabel
        label={props.label}
        control={
          <Switch
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(_, checked) => field.onChange(checked)}
            onBlur={field.onBlur}
            disabled={props.disabled}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': props.description ? descriptionId : undefined } }}
          />
        }
      />
      {props.description && (
        <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ paddingInlineStart: 6.5, mt: -0.5 }}>
          {props.description}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Save (only once something changed) and discard; hidden for users who may only look. Sits inside the tab's form.
 */
export function SaveBar(props: { dirty: boolean; saving: boolean; readOnly: boolean; onDiscard: () => void; label?: string }) {
  const { t } = useTranslation('settings');
  if (props.readOnly) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pt: 1 }}>
      <Button type="submit" variant="contained" disabled={!props.dirty} loading={props.saving}>
        {props.label ?? t('save')}
      </Button>
      <Button onClick={props.onDiscard} disabled={!props.dirty || props.saving}>
        {t('discard')}
      </Button>
    </Box>
  );
}

/** A message for the whole form (a 422 on no field of it, a 409, a network failure). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}

/**
 * Puts a 422's field errors on the form: `at` turns the API's key (`0.min_quantity`, `forms.application.url`) into a
 * field of the form, or undefined when the form has no such field. Returns the message for a form-level alert, or
 * undefined when every error found its field.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  at: (key: string) => Path<T> | undefined,
): string | undefined {
  if (!isApiError(error)) return translateMessage(messages.unknownError);
  let unplaced: string | undefined;
  let placed = false;
  for (const key of Object.keys(error.errors)) {
    const first = translateFieldError(error, key);
    if (!first) continue;
    const field = at(key);
    if (field) {
      setError(field, { type: 'server', message: first });
      placed = true;
    } else unplaced ??= first;
  }
  return unplaced ?? (placed ? undefined : translateError(error));
}

/** Zod issues of a body as form errors: `at` maps an issue's path to a field (undefined: the form's root). */
export function issuesToErrors<T extends FieldValues>(
  issues: readonly z.core.$ZodIssue[],
  at: (path: PropertyKey[]) => string | undefined,
): FieldErrors<T> {
  const errors = {} as FieldErrors<T>;
  for (const issue of issues) {
    const field = at(issue.path);
    const path = field ?? 'root.server';
    if (field === undefined && (errors as { root?: unknown }).root) continue;
    set(errors, path, { type: issue.code, message: issue.message });
  }
  return errors;
}

/** `12.5` / `12,5` / `1,234.50` → cents; `''` → null; anything else NaN, which the contract reports as invalid. */
export function unitsToCents(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '');
  if (s === '') return null;
  let normal = s;
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) normal = s.replaceAll(',', '');
  else if (/^\d+,\d{1,2}$/.test(s)) normal = s.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return Number.NaN;
  return Math.round(Number(normal) * 100);
}

/** Cents as the amount typed in a price field: 4900 → "49.00". */
export const centsToUnits = (cents: number) => (cents / 100).toFixed(2);

/** Money in the reader's language; an unknown currency code is shown beside the number. */
export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} ${currency}`;
  }
}
