import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { ListColumn, ListSelection } from './ListTable';

/*
 * A page of a list on a phone: one card per row, every column's value under its header, so nothing (the status, a
 * balance) sits off-screen to the right of a table wider than the phone. The sort the column headers set becomes a
 * select; a checkbox heads each card when rows can be selected.
 */

const LABEL_SX = { color: 'text.secondary', typography: 'caption', m: 0 } as const;

export function ListCards<T>(props: {
  label: string;
  columns: ListColumn<T>[];
  rows: T[] | undefined;
  keyOf: (row: T) => string;
  placeholders: number;
  empty?: ReactNode;
  selection?: ListSelection<T>;
  sort?: { value: string | undefined; options: Array<{ value: string; label: ReactNode }>; label: string; onChange: (sort: string) => void };
}) {
  const { columns, rows, selection } = props;
  const selected = selection?.selected ?? [];
  const allOnPage = !!rows?.length && rows.every((r) => selected.includes(props.keyOf(r)));
  const toggle = (id: string) => selection?.onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  // The row's name first, as a heading of its card; the other columns follow under their headers.
  const title = columns.find((c) => c.rowHeader);
  const rest = columns.filter((c) => c !== title && c.cell);
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      {(selection || props.sort) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
          {selection && (
            <Checkbox
              checked={allOnPage}
              indeterminate={!allOnPage && !!rows?.some((r) => selected.includes(props.keyOf(r)))}
              disabled={!rows?.length}
              onChange={() => selection.onSelect(allOnPage ? [] : (rows ?? []).map(props.keyOf))}
              slotProps={{ input: { 'aria-label': selection.allLabel } }}
            />
          )}
          {props.sort && (
            <TextField
              select
              size="small"
              label={props.sort.label}
              value={props.sort.value ?? ''}
              onChange={(e) => props.sort!.onChange(e.target.value)}
              sx={{ marginInlineStart: 'auto', minWidth: 180 }}
            >
              {props.sort.options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
      )}
      <Box component="ul" aria-label={props.label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {!rows &&
          Array.from({ length: props.placeholders }, (_, i) => (
            <Box component="li" key={i} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Skeleton width="60%" />
              <Skeleton />
            </Box>
          ))}
        {rows?.length === 0 && props.empty && <li>{props.empty}</li>}
        {rows?.map((row) => {
          const id = props.keyOf(row);
          const isSelected = selected.includes(id);
          return (
            <Box
              component="li"
              key={id}
              data-row={id}
              sx={{ border: 1, borderColor: isSelected ? 'primary.main' : 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
                {selection && (
                  <Checkbox
                    checked={isSelected}
                    onChange={() => toggle(id)}
                    slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                    sx={{ p: 0.5, mt: -0.5 }}
                  />
                )}
                {title?.cell && <Box sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>{title.cell(row)}</Box>}
              </Box>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
                {rest.map((column) => (
                  <Box key={column.id} sx={{ display: 'contents' }}>
                    <Box component="dt" sx={LABEL_SX}>
                      {column.header}
                    </Box>
                    <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {column.cell!(row)}
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
