import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { consultantMessage } from './consultant-messages';

/**
 * A labelled text field bound to react-hook-form, like the shared FormTextField, whose client (contract) and server
 * (422) messages also cover this feature's own API messages, in the reader's language.
 */
export function ConsultantTextField<T extends FieldValues, O = T>({
  control,
  name,
  helperText,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & { control: Control<T, unknown, O>; name: Path<T> }) {
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
      helperText={message ? consultantMessage(message) : helperText}
      fullWidth={props.fullWidth ?? true}
    />
  );
}
