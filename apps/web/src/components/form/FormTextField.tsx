import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '../../lib/messages';

export type FormTextFieldProps<T extends FieldValues, O = T> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Turns an error message into the reader's language; a feature with its own API messages passes its own. */
  translateError?: (message: string) => string;
};

/**
 * A labelled MUI text field bound to react-hook-form. Client (contract Zod) and server (422) messages are the
 * contract's English strings; they are shown in the current language.
 */
export function FormTextField<T extends FieldValues, O = T>({
  control,
  name,
  helperText,
  translateError = translateMessage,
  ...props
}: FormTextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      // A caller's onChange (e.g. one that also fills another field) replaces the binding's; it sets the value itself.
      onChange={props.onChange ?? field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ? translateError(message) : helperText}
      fullWidth={props.fullWidth ?? true}
    />
  );
}
