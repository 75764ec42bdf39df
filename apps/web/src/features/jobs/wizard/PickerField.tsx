import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import type { pickConsultants, pickEmployers } from '@hireline/contract/lookups';
import { useApiQuery } from '../../../lib/api-query';
import { translateMessage } from '../../../lib/messages';

type Picked = ResponseOf<typeof pickEmployers>[number];

/**
 * An employer or consultant, searched by name on the server as the user types. The form holds the id ('' for
 * none); `initial` names the one already chosen so it shows before any search.
 */
export function PickerField<T extends FieldValues, O = T>(props: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  endpoint: typeof pickEmployers | typeof pickConsultants;
  label: string;
  initial: Picked | null;
  required?: boolean;
  readOnly?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('jobs');
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const [picked, setPicked] = useState<Picked | null>(props.initial);
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setQ(term.trim()), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const lookup = useApiQuery(props.endpoint, { query: { q: q || undefined } }, { enabled: open, staleTime: 60_000, keepPrevious: true });
  const found = lookup.data ?? [];
  const id = (field.value as string | null | undefined) || '';
  const value = id ? (picked?.id === id ? picked : (found.find((o) => o.id === id) ?? null)) : null;
  const options = value && !found.some((o) => o.id === value.id) ? [value, ...found] : found;
  const message = fieldState.error?.message;

  return (
    <Autocomplete
      options={options}
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      readOnly={props.readOnly}
      loading={lookup.isFetching}
      loadingText={t('wizard.picker.loading')}
      noOptionsText={t('wizard.picker.none')}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_, text, reason) => setTerm(reason === 'input' ? text : '')}
      onChange={(_, option) => {
        setPicked(option);
        field.onChange(option?.id ?? '');
      }}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={props.label}
          required={props.required}
          error={Boolean(message)}
          helperText={message ? translateMessage(message) : props.helperText}
        />
      )}
    />
  );
}
