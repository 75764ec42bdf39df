import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from '../lib/forms';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  // The third type argument is the form's output after the resolver's transforms; fields only read and write input.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: Path<T>;
};

/**
 * A labelled MUI text field bound to react-hook-form. MUI links the helper text (hint or error) to the input with
 * aria-describedby and marks it aria-invalid; react-hook-form focuses the first field in error on submit.
 */
export function FormTextField<T extends FieldValues>({ control, name, helperText, ...props }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldErrorText(fieldState.error);
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={props.onChange ?? field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ?? helperText}
      fullWidth={props.fullWidth ?? true}
    />
  );
}
