import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '../../lib/messages';
import { PlainTextField, type PlainTextFieldProps } from './PlainTextField';

export type FormPlainTextFieldProps<T extends FieldValues, O = T> = Omit<PlainTextFieldProps, 'name' | 'value' | 'error'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
};

/** The props that bind a plain field to react-hook-form, as FormTextField binds a TextField. */
export function useFieldBinding<T extends FieldValues, O = T>({
  control,
  name,
  helperText,
  onChange,
}: Pick<FormPlainTextFieldProps<T, O>, 'control' | 'name' | 'helperText' | 'onChange'>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return {
    name: field.name,
    value: field.value ?? '',
    // A caller's onChange (e.g. one that also fills another field) replaces the binding's; it sets the value itself.
    onChange: onChange ?? field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: Boolean(message),
    helperText: message ? translateMessage(message) : helperText,
  };
}

/** A PlainTextField bound to react-hook-form. */
export function FormPlainTextField<T extends FieldValues, O = T>({
  control,
  name,
  helperText,
  ...props
}: FormPlainTextFieldProps<T, O>) {
  return <PlainTextField {...props} {...useFieldBinding({ control, name, helperText, onChange: props.onChange })} />;
}
