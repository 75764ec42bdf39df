import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cleanTags, tagsRefusalText } from '../../lib/tags';
import { TagsInput } from '../TagsInput';

/*
 * The fields of a list's filter panel. Each reports the URL value it stands for: absent (undefined) rather than
 * an empty string or list, so a cleared field leaves the URL.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One choice among options, or `any`. A value from an old link that is no longer offered stays shown (and removable). */
export function SelectFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  any: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
}) {
  const { value, options } = props;
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={value ?? ''}
      onChange={(e) => props.onChange(e.target.value || undefined)}
    >
      <MenuItem value="">{props.any}</MenuItem>
      {value && !options.some((o) => o.value === value) && <MenuItem value={value}>{value}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A day (`YYYY-MM-DD`), as the browser's date field gives it; a half-typed date is no filter. */
export function DateFilter(props: { label: string; value: string | undefined; onChange: (day: string | undefined) => void }) {
  return (
    <TextField
      size="small"
      type="date"
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(DAY.test(e.target.value) ? e.target.value : undefined)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** Tags to filter by, kept the way the API stores them (trimmed, lower case, each once). */
export function TagsFilter(props: {
  label: string;
  placeholder: string;
  value: string[] | undefined;
  onChange: (tags: string[] | undefined) => void;
  sx?: SxProps<Theme>;
}) {
  // A tag no record can have is left out of the filter, and the field says why.
  const [refusal, setRefusal] = useState<string>();
  return (
    <TagsInput
      label={props.label}
      placeholder={props.placeholder}
      value={props.value ?? []}
      onChange={(tags) => {
        setRefusal(tagsRefusalText(tags));
        const clean = cleanTags(tags);
        props.onChange(clean.length ? clean : undefined);
      }}
      helperText={refusal}
      error={Boolean(refusal)}
      sx={props.sx}
    />
  );
}

/** Several values at once (statuses) as a labelled group of toggle chips, each filled in its own colour when on. */
export function ChipFilter<V extends string>(props: {
  label: string;
  options: readonly { value: V; label: string; color?: ChipProps['color']; sx?: SxProps<Theme> }[];
  value: V[] | undefined;
  onChange: (values: V[] | undefined) => void;
}) {
  const labelId = useId();
  const selected = props.value ?? [];
  const toggle = (value: V) => {
    const next = selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
    props.onChange(next.length ? next : undefined);
  };
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ marginInlineEnd: 1 }}>
        {props.label}
      </Typography>
      {props.options.map((option) => {
        const on = selected.includes(option.value);
        return (
          <Chip
            key={option.value}
            component="button"
            aria-pressed={on}
            label={option.label}
            color={on ? (option.color ?? 'default') : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => toggle(option.value)}
            sx={on ? option.sx : undefined}
          />
        );
      })}
    </Box>
  );
}
