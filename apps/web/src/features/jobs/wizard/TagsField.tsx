import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useController, useFormState, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { errorAt } from './wizard-form';

const MAX_TAGS = 20;

/** Free tags, typed and added with Enter or a comma; lower-cased and without duplicates, as the API stores them. */
export function TagsField<T extends FieldValues, O = T>({ control, name }: { control: Control<T, unknown, O>; name: Path<T> }) {
  const { t } = useTranslation('jobs');
  const { field } = useController({ control, name });
  const { errors } = useFormState({ control, name });
  const [text, setText] = useState('');
  const value = (field.value as string[] | undefined) ?? [];
  const itemError = value.map((_, i) => errorAt(errors, `${name}.${i}`)).find(Boolean);
  const message = errorAt(errors, name) ?? itemError;
  const commit = (list: string[]) => field.onChange([...new Set(list.map((x) => x.trim().toLowerCase()).filter(Boolean))]);
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={value}
      onChange={(_, next) => commit(next)}
      onBlur={field.onBlur}
      inputValue={text}
      onInputChange={(_, typed, reason) => {
        // A comma ends a tag, like Enter.
        if (reason === 'input' && typed.includes(',')) {
          const parts = typed.split(',');
          commit([...value, ...parts.slice(0, -1)]);
          setText(parts.at(-1) ?? '');
        } else setText(typed);
      }}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} label={tag} size="small" {...item} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={t('wizard.additional.tags')}
          error={Boolean(message)}
          helperText={message ? translateMessage(message) : t('wizard.additional.tagsHint', { max: MAX_TAGS })}
        />
      )}
    />
  );
}
