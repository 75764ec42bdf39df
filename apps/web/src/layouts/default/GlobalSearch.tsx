import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Search from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { isSearchShortcut } from './search-shortcut';
import { useShortcuts, useVisibleNav, type NavItem } from './use-nav';

interface SearchOption extends NavItem {
  section: string;
}

const filter = createFilterOptions<SearchOption>({
  ignoreAccents: true,
  ignoreCase: true,
  stringify: (o) => `${o.label} ${o.section}`,
});

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The pages the user may open: navigation entries, then shortcuts not already listed. A later change adds records. */
function useSearchOptions(): SearchOption[] {
  const { t } = useTranslation();
  const groups = useVisibleNav();
  const shortcuts = useShortcuts();
  return useMemo(() => {
    const options: SearchOption[] = groups.flatMap((g) =>
      g.entries.map((e) => ({ ...e, section: t(`nav.groups.${g.key}`) })),
    );
    const listed = new Set(options.map((o) => o.name));
    for (const s of shortcuts) if (!listed.has(s.name)) options.push({ ...s, section: t('shortcuts.label') });
    return options;
  }, [groups, shortcuts, t]);
}

/** The app bar's search field: Ctrl+K or "/" focuses it; choosing a result opens that page. */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useSearchOptions();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Box
      role="search"
      sx={(theme) => ({
        flex: '0 1 300px',
        minWidth: 120,
        // Phones: just the magnifier until focused, then the field spans the app bar (its positioned ancestor).
        [theme.breakpoints.down('sm')]: {
          flex: '0 0 48px',
          minWidth: 0,
          '&:focus-within': { position: 'absolute', insetInline: 0, zIndex: 1, bgcolor: 'background.paper' },
        },
      })}
    >
      <Autocomplete<SearchOption, false, false, false>
        options={options}
        // Always empty: choosing a page navigates away; the field is for finding, not for holding a value.
        value={null}
        inputValue={input}
        onInputChange={(_, value) => setInput(value)}
        onChange={(_, option) => {
          if (!option) return;
          setInput('');
          inputRef.current?.blur();
          void navigate({ to: option.to, params: option.params });
        }}
        filterOptions={filter}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.name === b.name}
        groupBy={(o) => o.section}
        openOnFocus
        autoHighlight
        forcePopupIcon={false}
        noOptionsText={t('search.noResults')}
        size="small"
        slotProps={{ paper: { sx: { mt: 0.5, minWidth: 280 } } }}
        renderOption={({ key, ...props }, option) => {
          const Icon = option.icon;
          return (
            <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
              <Icon fontSize="small" sx={{ color: 'text.secondary' }} />
              <Typography variant="body2">{option.label}</Typography>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={inputRef}
            // A clipped placeholder on a phone's icon-sized field reads as garbage; the magnifier says enough there.
            placeholder={phone ? undefined : t('search.placeholder')}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: (
                  <Box
                    component="kbd"
                    aria-hidden
                    sx={{
                      display: { xs: 'none', sm: 'block' },
                      px: 0.75,
                      py: 0.25,
                      fontSize: 11,
                      fontFamily: 'inherit',
                      whiteSpace: 'nowrap',
                      color: 'text.secondary',
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                    }}
                  >
                    {isMac ? t('search.hintMac') : t('search.hint')}
                  </Box>
                ),
              },
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-label': t('search.label'),
                'aria-keyshortcuts': isMac ? 'Meta+K /' : 'Control+K /',
              },
            }}
            sx={{ '& .MuiInputBase-root': { borderRadius: 2, bgcolor: 'background.paper' } }}
          />
        )}
      />
    </Box>
  );
}
