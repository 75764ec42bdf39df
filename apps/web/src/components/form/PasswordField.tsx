import type { FieldValues } from 'react-hook-form';
import { useFieldBinding, type FormPlainTextFieldProps } from './FormPlainTextField';
import { PasswordInput } from './PasswordInput';

/** A PasswordInput bound to react-hook-form. */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: Omit<FormPlainTextFieldProps<T>, 'type' | 'endAdornment'>) {
  return <PasswordInput {...props} {...useFieldBinding({ control, name, helperText, onChange: props.onChange })} />;
}
