import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

/** Free tags as chips: typed, then added with Enter (or by leaving the field). There is no list to pick from. */
export function TagsInput(props: {
  label: string;
  placeholder?: string;
  helperText?: string;
  /** Shows the helper text as an error (a tag was refused). */
  error?: boolean;
  value: string[];
  onChange: (tags: string[]) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      size="small"
      options={[] as string[]}
      value={props.value}
      onChange={(_, tags) => props.onChange(tags)}
      renderInput={(params) => (
        <TextField {...params} label={props.label} placeholder={props.placeholder} helperText={props.helperText} error={props.error} />
      )}
      sx={props.sx}
    />
  );
}
