import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EndpointAccess, ResponseOf } from '@hireline/contract/endpoint';
import type { pickEmployers } from '@hireline/contract/lookups';
import { useApiQuery } from '../../lib/api-query';

type Picked = ResponseOf<typeof pickEmployers>[number];
/** Any lookup of that shape, whatever permission it needs (employers, consultants, jobs). */
type Lookup = Omit<typeof pickEmployers, 'access'> & { access: EndpointAccess };

const folded = (text: string) => text.toLocaleLowerCase();

/**
 * One employer, consultant or job, searched on the server by name (`pickEmployers`, `pickConsultants`, `pickJobs`:
 * that shape, jobs with more). Only the id lives in the URL; its name comes from the lookup's first page, or from the
 * option just picked. Options are keyed by id: names repeat (one job title at two employers), and `describe` adds the
 * line that tells them apart.
 */
export function LookupAutocomplete<E extends Lookup>(props: {
  endpoint: E;
  label: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  describe?: (option: ResponseOf<E>[number]) => string | undefined;
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
  // Asked as the shape every lookup shares; `describe` is handed each option as its own endpoint's.
  const lookup = useApiQuery(
    props.endpoint as Lookup,
    { query: { q: q || undefined } },
    { enabled: open || (Boolean(props.value) && !known), staleTime: 60_000, keepPrevious: true },
  );
  const found: Picked[] = lookup.data ?? [];
  const placeholder: Picked | null = props.value ? { id: props.value, name: lookup.isFetching ? '…' : t('lookup.selected') } : null;
  const current: Picked | null = props.value ? (known ? picked : (found.find((o) => o.id === props.value) ?? placeholder)) : null;
  const options = current && !found.some((o) => o.id === current.id) ? [current, ...found] : found;
  const describe = (option: Picked) => (option === placeholder ? undefined : props.describe?.(option as ResponseOf<E>[number]));
  // While the answer for what was just typed is on its way, the previous one stays shown (no flicker), but only its
  // options that still match: never an option that does not contain what the field now says.
  const typed = folded(term.trim());
  const stale = typed !== folded(q) || lookup.isPlaceholderData;
  const matching = (option: Picked) => !typed || folded(`${option.name} ${describe(option) ?? ''}`).includes(typed);
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
      filterOptions={(x) => (stale ? x.filter(matching) : x)}
      onInputChange={(_, text, reason) => setTerm(reason === 'input' ? text : '')}
      onChange={(_, option) => {
        setPicked(option);
        props.onChange(option?.id);
      }}
      renderOption={({ key: _key, ...li }, option) => {
        const second = describe(option);
        return (
          <Box component="li" key={option.id} {...li}>
            <Box>
              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                {option.name}
              </Typography>
              {second && (
                <Typography component="span" variant="caption" color="text.secondary">
                  {second}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={props.label} />}
    />
  );
}
