import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
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
 */
export function FilterPanel(props: {
  label: string;
  search: SearchBoxProps;
  /** Beside the search box (a switch, the sort). */
  beside?: ReactNode;
  clear: { label: string; shown: boolean; onClear: () => void };
  children: ReactNode;
}) {
  const { search, clear } = props;
  return (
    <Box component="section" aria-label={props.label} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <DebouncedSearchField
          label={search.label}
          placeholder={search.placeholder}
          value={search.value}
          onChange={search.onChange}
          sx={{ flex: '1 1 260px' }}
        />
        {props.beside}
        {clear.shown && (
          <Button startIcon={<FilterAltOffOutlined />} onClick={clear.onClear}>
            {clear.label}
          </Button>
        )}
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
