import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { EndpointAccess, ResponseOf } from '@hireline/contract/endpoint';
import type { pickEmployers } from '@hireline/contract/lookups';
import { useApiQuery } from '../../lib/api-query';

type Picked = ResponseOf<typeof pickEmployers>[number];
/** Any lookup of that shape, whatever permission it needs (employers, consultants, jobs). */
type Lookup = Omit<typeof pickEmployers, 'access'> & { access: EndpointAccess };

/**
 * One employer or consultant, searched on the server by name (`pickEmployers`, `pickConsultants`: same shape).
 * Only the id lives in the URL; its name comes from the lookup's first page, or from the option just picked.
 */
export function LookupAutocomplete(props: {
  endpoint: Lookup;
  label: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Picked | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(term.trim()), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const known = picked?.id === props.value;
  const lookup = useApiQuery(
    props.endpoint,
    { query: { q: q || undefined } },
    { enabled: open || (Boolean(props.value) && !known), staleTime: 60_000, keepPrevious: true },
  );
  const found = lookup.data ?? [];
  const current: Picked | null = props.value
    ? known
      ? picked
      : (found.find((o) => o.id === props.value) ?? { id: props.value, name: lookup.isFetching ? '…' : t('lookup.selected') })
    : null;
  const options = current && !found.some((o) => o.id === current.id) ? [current, ...found] : found;
  return (
    <Autocomplete
      size="small"
      options={options}
      value={current}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={lookup.isFetching}
      loadingText={t('lookup.loading')}
      noOptionsText={t('lookup.noOptions')}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_, text, reason) => setTerm(reason === 'input' ? text : '')}
      onChange={(_, option) => {
        setPicked(option);
        props.onChange(option?.id);
      }}
      renderInput={(params) => <TextField {...params} label={props.label} />}
    />
  );
}
