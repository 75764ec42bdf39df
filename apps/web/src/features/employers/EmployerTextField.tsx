import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '../../lib/messages';

export type EmployerTextFieldProps<T extends FieldValues, O = T> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'select'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** A select of these options, with `emptyOption` first (none); a stored value no longer offered stays selectable. */
  options?: readonly { value: string; label: string }[];
  emptyOption?: string;
};

/**
 * The shared FormTextField for a form whose resolver transforms its values (components/form/FormTextField takes a
 * `Control<T>` only), with the employers API's messages in the reader's language, and an optional select.
 */
export function EmployerTextField<T extends FieldValues, O = T>({
  control,
  name,
  helperText,
  options,
  emptyOption,
  ...props
}: EmployerTextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const value = (field.value as string | null | undefined) ?? '';
  const list = options && value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <TextField
      {...props}
      select={Boolean(options)}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ? translateMessage(message) : helperText}
      fullWidth={props.fullWidth ?? true}
    >
      {list && emptyOption !== undefined && (
        <MenuItem value="">
          <em>{emptyOption}</em>
        </MenuItem>
      )}
      {list?.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
