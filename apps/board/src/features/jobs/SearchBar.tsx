import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from 'react-i18next';
import { refine, type JobsSearch } from './jobs.search';

/** Keywords and location; submitted together so typing never fires a search per keystroke. */
export function SearchBar({ search, onChange }: { search: JobsSearch; onChange: (next: JobsSearch) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(search.q ?? '');
  const [location, setLocation] = useState(search.location ?? '');
  // Follow the URL when it changes elsewhere (back button, clear filters).
  const [seen, setSeen] = useState({ q: search.q, location: search.location });
  if (seen.q !== search.q || seen.location !== search.location) {
    setSeen({ q: search.q, location: search.location });
    setQ(search.q ?? '');
    setLocation(search.location ?? '');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange(refine(search, { q: q.trim() || undefined, location: location.trim() || undefined }));
  }

  return (
    <Box component="form" role="search" aria-label={t('jobs.searchLabel')} noValidate onSubmit={submit}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <TextField
          label={t('jobs.keywords')}
          placeholder={t('jobs.keywordsPlaceholder')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          type="search"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
        />
        <TextField
          label={t('jobs.location')}
          placeholder={t('jobs.locationPlaceholder')}
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 }, input: { startAdornment: <InputAdornment position="start"><PlaceOutlinedIcon /></InputAdornment> } }}
        />
        <Button type="submit" variant="contained" size="large" sx={{ minWidth: 140, px: 4 }}>
          {t('jobs.search')}
        </Button>
      </Stack>
    </Box>
  );
}
