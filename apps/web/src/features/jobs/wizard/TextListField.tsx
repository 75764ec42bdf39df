import { useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import {
  Controller,
  useFieldArray,
  useFormState,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { translateMessage } from '../../../lib/messages';
import { errorAt } from './wizard-form';

/**
 * A short list of texts (selling points, email addresses, answer options), each `{ value }` in the form so the
 * rows keep their identity while added and removed. Errors on an item or on the list come from the contract.
 */
export function TextListField<T extends FieldValues, O = T>(props: {
  control: Control<T, unknown, O>;
  name: ArrayPath<T>;
  legend: string;
  hint?: string;
  itemLabel: (index: number) => string;
  removeLabel: (index: number) => string;
  addLabel: string;
  max: number;
  /** Rows that cannot be removed (e.g. the two options a choice question needs). */
  min?: number;
  newItem: FieldArray<T, ArrayPath<T>>;
  inputProps?: Partial<TextFieldProps>;
  /** Something beside each row (e.g. a knock-out checkbox). */
  extra?: (index: number) => ReactNode;
  onRemove?: (index: number) => void;
}) {
  const { fields, append, remove } = useFieldArray({ control: props.control, name: props.name });
  const { errors } = useFormState({ control: props.control, name: props.name as unknown as Path<T> });
  const addButton = useRef<HTMLButtonElement>(null);
  const listError = errorAt(errors, props.name);
  const min = props.min ?? 0;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: props.hint ? 0 : 1.5 }}>
        {props.legend}
      </Typography>
      {props.hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {props.hint}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {fields.map((row, index) => (
          <Box key={row.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <Controller
              control={props.control}
              name={`${props.name}.${index}.value` as Path<T>}
              render={({ field, fieldState }) => {
                const message = fieldState.error?.message ?? errorAt(errors, `${props.name}.${index}`);
                return (
                  <TextField
                    {...props.inputProps}
                    name={field.name}
                    value={(field.value as string | undefined) ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    label={props.itemLabel(index)}
                    error={Boolean(message)}
                    helperText={message ? translateMessage(message) : undefined}
                    size="small"
                    sx={{ flex: '1 1 240px' }}
                  />
                );
              }}
            />
            {props.extra?.(index)}
            <IconButton
              aria-label={props.removeLabel(index)}
              disabled={fields.length <= min}
              onClick={() => {
                props.onRemove?.(index);
                remove(index);
                // After the re-render: the add button may only now be enabled again.
                setTimeout(() => addButton.current?.focus());
              }}
            >
              <Close />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <Button
        ref={addButton}
        startIcon={<Add />}
        onClick={() => append(props.newItem)}
        disabled={fields.length >= props.max}
        sx={{ mt: fields.length ? 1.5 : 0 }}
      >
        {props.addLabel}
      </Button>
      {listError && <FormHelperText error>{translateMessage(listError)}</FormHelperText>}
    </Box>
  );
}
