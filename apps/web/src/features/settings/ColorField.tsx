import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '../../lib/messages';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as `#RRGGBB` text, with the browser's colour picker beside it: both edit the same value, and the picker
 * shows the last valid colour while the text is being typed.
 */
export function ColorField<T extends FieldValues, O = T>(props: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** The picker's own name (a different one than the text field's, so each is found by its label). */
  pickerLabel: string;
  helperText?: string;
  readOnly?: boolean;
  size?: 'small' | 'medium';
  width?: number;
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const value = (field.value as string | undefined) ?? '';
  const message = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={props.pickerLabel}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        disabled={props.readOnly}
        onChange={(e: ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value)}
        sx={{
          width: props.size === 'small' ? 40 : 56,
          height: props.size === 'small' ? 40 : 56,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: props.readOnly ? 'default' : 'pointer',
          flexShrink: 0,
        }}
      />
      <TextField
        label={props.label}
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        size={props.size}
        error={Boolean(message)}
        helperText={message ? translateMessage(message) : props.helperText}
        sx={{ width: props.width ?? 180 }}
        slotProps={{ input: { readOnly: props.readOnly }, htmlInput: { maxLength: 7, dir: 'ltr', spellCheck: false } }}
      />
    </Box>
  );
}
