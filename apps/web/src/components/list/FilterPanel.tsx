import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { useTranslation } from 'react-i18next';
import { DebouncedSearchField } from './DebouncedSearchField';

export interface SearchBoxProps {
  label: string;
  placeholder?: string;
  /** The URL's `q`. */
  value: string | undefined;
  onChange: (q: string | undefined) => void;
}

/**
 * A list's filters, a labelled section above the table: the search box with any controls that sit beside it and
 * "clear filters" while some are set, then the other filters (`children`). Each change goes to the URL.
 *
 * On a phone the filters would fill the first screen before a single row: only the search box shows, with a
 * "Filters" button that says how many are set (`clear.active`) and opens the rest in place.
 */
export function FilterPanel(props: {
  label: string;
  search: SearchBoxProps;
  /** Beside the search box (a switch, the sort). */
  beside?: ReactNode;
  /** `active`: how many filters other than the search are set (the phone's button shows it). */
  clear: { label: string; shown: boolean; active?: number; onClear: () => void };
  children: ReactNode;
}) {
  const { search, clear } = props;
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const clearButton = clear.shown && (
    <Button startIcon={<FilterAltOffOutlined />} onClick={clear.onClear}>
      {clear.label}
    </Button>
  );
  const searchBox = (
    <DebouncedSearchField
      label={search.label}
      placeholder={search.placeholder}
      value={search.value}
      onChange={search.onChange}
      sx={{ flex: '1 1 260px' }}
    />
  );
  if (phone) {
    const active = clear.active ?? 0;
    return (
      <Box component="section" aria-label={props.label} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {searchBox}
          <Button
            variant={active ? 'contained' : 'outlined'}
            aria-expanded={open}
            aria-controls={regionId}
            onClick={() => setOpen(!open)}
            startIcon={<FilterListOutlined />}
            sx={{ flexShrink: 0 }}
          >
            {active ? t('list.filtersCount', { count: active }) : t('list.filters')}
          </Button>
        </Box>
        <Collapse in={open} id={regionId} unmountOnExit>
          <Box sx={{ display: 'grid', gap: 2, pt: 0.5 }}>
            {(props.beside || clearButton) && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
                {props.beside}
                {clearButton}
              </Box>
            )}
            {props.children}
          </Box>
        </Collapse>
      </Box>
    );
  }
  return (
    <Box component="section" aria-label={props.label} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {searchBox}
        {props.beside}
        {clearButton}
      </Box>
      {props.children}
    </Box>
  );
}

/** The filter fields in a grid: one column on phones, two on tablets, `columns` on wide screens. */
export function FilterGrid({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: `repeat(${columns}, 1fr)` } }}>
      {children}
    </Box>
  );
}

/** A queue's only filter: its search box, in a padded row above the table. */
export function ListSearchBox(props: SearchBoxProps) {
  return (
    <Box sx={{ p: 2 }}>
      <DebouncedSearchField {...props} sx={{ width: { xs: '100%', sm: 360 } }} />
    </Box>
  );
}
