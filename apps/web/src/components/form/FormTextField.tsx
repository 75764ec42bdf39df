import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useFieldBinding } from './FormPlainTextField';

export type FormTextFieldProps<T extends FieldValues, O = T> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
};

/**
 * A labelled MUI text field bound to react-hook-form. Client (contract Zod) and server (422) messages are the
 * contract's English strings; they are shown in the current language.
 */
export function FormTextField<T extends FieldValues, O = T>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T, O>) {
  return (
    <TextField
      {...props}
      {...useFieldBinding({ control, name, helperText, onChange: props.onChange })}
      fullWidth={props.fullWidth ?? true}
    />
  );
}
