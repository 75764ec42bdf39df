import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Search from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useSelectedSlugs } from '../../lib/current-user';
import { filterSearchOptions, recordOptions, type PageOption, type RecordLabels, type SearchOption } from './search-options';
import { isSearchShortcut } from './search-shortcut';
import { useShortcuts, useVisibleNav } from './use-nav';
import { useRecordSearch } from './use-record-search';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The pages the user may open: navigation entries, then shortcuts not already listed. */
function usePageOptions(): PageOption[] {
  const { t } = useTranslation();
  const groups = useVisibleNav();
  const shortcuts = useShortcuts();
  return useMemo(() => {
    const options: PageOption[] = groups.flatMap((g) =>
      g.entries.map((e) => ({ ...e, kind: 'page' as const, key: `page:${e.name}`, section: t(`nav.groups.${g.key}`) })),
    );
    const listed = new Set(options.map((o) => o.name));
    for (const s of shortcuts)
      if (!listed.has(s.name)) options.push({ ...s, kind: 'page', key: `page:${s.name}`, section: t('shortcuts.label') });
    return options;
  }, [groups, shortcuts, t]);
}

/** Pages first (they answer at once, so a highlighted page never moves), then the records the server found. */
function useSearchOptions(input: string): { options: SearchOption[]; loading: boolean } {
  const { t } = useTranslation();
  // Status names are the dashboard's; one wording for them across the portal.
  const { t: tHome } = useTranslation('home');
  const pages = usePageOptions();
  const slugs = useSelectedSlugs();
  const records = useRecordSearch(input);
  const labels = useMemo<RecordLabels>(
    () => ({
      section: (group) => t(`search.groups.${group}`),
      jobStatus: (status) => tHome(`jobStatus.${status}`),
      applicationStatus: (status) => tHome(`applicationStatus.${status}`),
    }),
    [t, tHome],
  );
  const options = useMemo(
    () => [...pages, ...recordOptions(records.data, slugs, labels)],
    [pages, records.data, slugs, labels],
  );
  return { options, loading: records.loading };
}

/**
 * The app bar's search field: Ctrl+K or "/" focuses it. It lists the pages the user may open and, from two
 * characters on, the jobs, candidates, applications and employers of the selected site; choosing one opens it.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const { options, loading } = useSearchOptions(input);
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
        // Always empty: choosing a result navigates away; the field is for finding, not for holding a value.
        value={null}
        inputValue={input}
        onInputChange={(_, value) => setInput(value)}
        onChange={(_, option) => {
          if (!option) return;
          setInput('');
          inputRef.current?.blur();
          void navigate({ to: option.to, params: option.params });
        }}
        filterOptions={filterSearchOptions}
        getOptionLabel={(o) => o.label}
        getOptionKey={(o) => o.key}
        isOptionEqualToValue={(a, b) => a.key === b.key}
        groupBy={(o) => o.section}
        openOnFocus
        autoHighlight
        forcePopupIcon={false}
        // Shown only while nothing is listed yet; with pages listed, the spinner in the field says it instead.
        loading={loading}
        loadingText={t('search.loading')}
        noOptionsText={t('search.noResults')}
        size="small"
        slotProps={{ paper: { sx: { mt: 0.5, minWidth: 320 } } }}
        renderOption={({ key, ...props }, option) => {
          const Icon = option.icon;
          return (
            <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
              <Icon fontSize="small" sx={{ color: 'text.secondary', flexShrink: 0 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {option.label}
                </Typography>
                {option.kind === 'record' && option.secondary && (
                  <Typography variant="caption" color="text.secondary" noWrap component="div">
                    {option.secondary}
                  </Typography>
                )}
              </Box>
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
                endAdornment: loading ? (
                  <CircularProgress size={16} aria-label={t('search.loading')} sx={{ flexShrink: 0 }} />
                ) : (
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
