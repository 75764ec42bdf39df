import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface PlainTextFieldProps {
  label: ReactNode;
  name?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * MUI's outlined TextField, built from the same parts (label, outlined input, helper text) and looking the same, for
 * the signed-out pages. TextField also supports `select`, so it brings Select, Menu, Popover and Modal with it: a
 * third of the login page's MUI code that a sign-in form never shows. FormPlainTextField binds it to a form.
 */
export function PlainTextField({ label, helperText, error, fullWidth = true, required, disabled, sx, endAdornment, ...input }: PlainTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" error={error} fullWidth={fullWidth} required={required} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} aria-describedby={helperTextId} endAdornment={endAdornment} fullWidth={fullWidth} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
