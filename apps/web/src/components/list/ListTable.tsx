import { Fragment, useDeferredValue, type ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ListCards } from './ListCards';

/** `name` or `-name` → `name`: the column a URL sort belongs to. */
type SortKey<S extends string> = S extends `-${infer K}` ? K : S;

export interface ListColumn<T, K extends string = string> {
  id: string;
  header: ReactNode;
  /** The URL sort this column's header sets (`key` ascending, `-key` descending). */
  sort?: K;
  /** The direction a first click sorts by: dates newest first, text A→Z. */
  first?: 'asc' | 'desc';
  align?: 'left' | 'right';
  /** A header cell as narrow as a checkbox (an expand button's column). */
  narrow?: boolean;
  /** The cell that names the row (`<th scope="row">`), so a screen reader reads it with every other cell. */
  rowHeader?: boolean;
  sx?: SxProps<Theme>;
  /** The row's cell; not needed when the table renders whole rows itself (`renderRow`). */
  cell?: (row: T) => ReactNode;
}

export interface ListSelection<T> {
  selected: string[];
  onSelect: (ids: string[]) => void;
  /** The select-all checkbox's name. */
  allLabel: string;
  /** Each row checkbox's name ("Select Forklift driver"). */
  rowLabel: (row: T) => string;
}

/**
 * One page of a list as a table: headers that sort through the URL (aria-sort on the sorted one), optional row
 * selection with a select-all for the page, placeholder rows while the first page loads and, when asked, a row that
 * says the page is empty. Rows are keyed by `id` unless `rowKey` says otherwise. On a phone the same page is a list
 * of cards (ListCards), unless the list draws whole rows itself.
 */
export function ListTable<T, S extends string = never>(props: {
  label: string;
  minWidth: number;
  columns: ListColumn<T, SortKey<S>>[];
  rows: T[] | undefined;
  rowKey?: (row: T) => string;
  sort?: S;
  onSort?: (sort: S) => void;
  selection?: ListSelection<T>;
  /** How many placeholder rows to show while loading (enough by default to push the pager below a laptop's fold). */
  placeholders?: number;
  /** Shown in a row across the table when the page has no rows. */
  empty?: ReactNode;
  /** Whole rows (an expandable one), instead of a cell per column. */
  renderRow?: (row: T) => ReactNode;
  /** Denser rows, for a table inside a card of a detail page. */
  size?: 'small' | 'medium';
}) {
  const { columns, selection } = props;
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  // A page of rows is a big render (a few hundred MUI components): deferred, React renders it in slices that keep
  // the page responsive, and the previous rows (or the placeholders) stay until it is done.
  const rows = useDeferredValue(props.rows);
  const keyOf = props.rowKey ?? ((row: T) => (row as { id: string }).id);
  const desc = props.sort?.startsWith('-') ?? false;
  const sortKey = props.sort?.replace(/^-/, '');
  const selected = selection?.selected ?? [];
  const allOnPage = !!rows?.length && rows.every((r) => selected.includes(keyOf(r)));
  const someOnPage = !!rows?.some((r) => selected.includes(keyOf(r)));
  const toggle = (id: string) => selection?.onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const sortBy = (column: ListColumn<T, SortKey<S>>) => {
    const key = column.sort!;
    const nextDesc = key === sortKey ? !desc : column.first === 'desc';
    props.onSort?.((nextDesc ? `-${key}` : key) as S);
  };
  const width = columns.length + (selection ? 1 : 0);

  if (phone && !props.renderRow) {
    const name = (c: ListColumn<T, SortKey<S>>) => (typeof c.header === 'string' ? c.header : c.id);
    const sortable = columns.filter((c) => c.sort !== undefined);
    const options = sortable.flatMap((c) => {
      const both = [
        { value: c.sort!, label: t('list.ascending', { column: name(c) }) },
        { value: `-${c.sort!}`, label: t('list.descending', { column: name(c) }) },
      ];
      return c.first === 'desc' ? both.reverse() : both;
    });
    return (
      <ListCards
        label={props.label}
        columns={columns}
        rows={rows}
        keyOf={keyOf}
        placeholders={Math.min(props.placeholders ?? 10, 5)}
        empty={props.empty}
        selection={selection}
        sort={
          options.length && props.onSort
            ? { value: props.sort, options, label: t('list.sortBy'), onChange: (v) => props.onSort?.(v as S) }
            : undefined
        }
      />
    );
  }

  return (
    <TableContainer>
      <Table aria-label={props.label} size={props.size} sx={{ minWidth: props.minWidth }}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  disabled={!rows?.length}
                  onChange={() => selection.onSelect(allOnPage ? [] : (rows ?? []).map(keyOf))}
                  slotProps={{ input: { 'aria-label': selection.allLabel } }}
                />
              </TableCell>
            )}
            {columns.map((column) => {
              const active = column.sort !== undefined && column.sort === sortKey;
              return (
                <TableCell
                  key={column.id}
                  align={column.align}
                  padding={column.narrow ? 'checkbox' : undefined}
                  sortDirection={active ? (desc ? 'desc' : 'asc') : false}
                  // One line whatever the rows hold: a header that wraps once the rows arrive moves the whole list.
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {column.sort ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? (desc ? 'desc' : 'asc') : column.first}
                      onClick={() => sortBy(column)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {!rows &&
            // One bar per row (not one per cell): the same height, a tenth of the components on the first render.
            Array.from({ length: props.placeholders ?? 10 }, (_, i) => (
              <TableRow key={i}>
                <TableCell colSpan={width}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))}
          {rows?.length === 0 && props.empty && (
            <TableRow>
              <TableCell colSpan={width}>{props.empty}</TableCell>
            </TableRow>
          )}
          {rows?.map((row) => {
            const id = keyOf(row);
            if (props.renderRow) return <Fragment key={id}>{props.renderRow(row)}</Fragment>;
            const isSelected = selected.includes(id);
            return (
              <TableRow key={id} hover selected={isSelected}>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isSelected}
                      onChange={() => toggle(id)}
                      slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                    />
                  </TableCell>
                )}
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    component={column.rowHeader ? 'th' : undefined}
                    scope={column.rowHeader ? 'row' : undefined}
                    align={column.align}
                    sx={column.sx}
                  >
                    {column.cell?.(row)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
