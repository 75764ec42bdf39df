import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '../../../lib/messages';

export type WizardTextFieldProps<T extends FieldValues, O = T> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** A native select of these choices (keyboard and screen-reader friendly, the phone's own picker). */
  choices?: readonly { value: string; label: string }[];
  /** The label of the empty choice; without it a select has no empty choice. */
  emptyChoice?: string;
};

/**
 * The shared FormTextField, plus the job model's messages in the user's language and native selects. The value
 * is kept as the text the user sees; the step's resolver turns it into the body's type.
 */
export function WizardTextField<T extends FieldValues, O = T>({
  control,
  name,
  helperText,
  choices,
  emptyChoice,
  slotProps,
  ...props
}: WizardTextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const value = (field.value as string | null | undefined) ?? '';
  const select = Boolean(choices);
  // A stored value the site no longer offers is kept selectable, so saving does not silently drop it.
  const list = choices && value && !choices.some((c) => c.value === value) ? [{ value, label: value }, ...choices] : choices;
  return (
    <TextField
      {...props}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ? translateMessage(message) : helperText}
      fullWidth={props.fullWidth ?? true}
      select={select}
      slotProps={{
        ...slotProps,
        ...(select ? { select: { native: true }, inputLabel: { shrink: true } } : {}),
      }}
    >
      {list && (
        <>
          {(emptyChoice !== undefined || !value) && <option value="">{emptyChoice ?? ''}</option>}
          {list.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </>
      )}
    </TextField>
  );
}
