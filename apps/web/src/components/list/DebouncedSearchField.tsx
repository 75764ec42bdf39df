import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's full-text search: typed freely, written to the URL (`q`) after a pause, not per keystroke. A change of
 * the URL from elsewhere (back button, clear filters) shows up in the box.
 */
export function DebouncedSearchField({
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & { value: string | undefined; onChange: (q: string | undefined) => void }) {
  const [draft, setDraft] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    // Only when the URL says something else than the box: a trailing space being typed stays.
    if ((value ?? '') !== draft.trim()) setDraft(value ?? '');
  }
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const next = draft.trim() || undefined;
    if (next === value) return;
    const timer = setTimeout(() => onChangeRef.current(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <TextField
      type="search"
      size="small"
      {...props}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
