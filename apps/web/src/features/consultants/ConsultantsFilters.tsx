import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '../../components/list/filter-fields';
import { FilterGrid, FilterPanel } from '../../components/list/FilterPanel';
import { yesNo } from '../../lib/list-search';
import { consultantSorts, DEFAULT_SORT, activeFilters, hasFilters, type ConsultantSort, type ConsultantsListSearch } from './consultants.search';

type Patch = Partial<ConsultantsListSearch>;

/** The sorts' labels in the reader's language. */
export const SORT_KEYS = {
  name: 'nameAsc',
  '-name': 'nameDesc',
  '-created_at': 'newest',
  created_at: 'oldest',
} as const satisfies Record<ConsultantSort, string>;

/** Sort, search and the enabled filter of the consultants list; each change goes to the URL (and back to page 1). */
export function ConsultantsFilters(props: { search: ConsultantsListSearch; onChange: (patch: Patch) => void; onClear: () => void }) {
  const { t } = useTranslation('consultants');
  const { search, onChange } = props;
  const sort = search.sort ?? DEFAULT_SORT;
  return (
    <FilterPanel
      label={t('list.filters.label')}
      search={{
        label: t('list.filters.search'),
        placeholder: t('list.filters.searchHint'),
        value: search.q,
        onChange: (q) => onChange({ q }),
      }}
      beside={
        <TextField
          select
          size="small"
          label={t('list.sort.label')}
          value={sort}
          onChange={(e) => onChange({ sort: e.target.value === DEFAULT_SORT ? undefined : (e.target.value as ConsultantSort) })}
          sx={{ minWidth: 200 }}
        >
          {consultantSorts.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`list.sort.${SORT_KEYS[value]}`)}
            </MenuItem>
          ))}
        </TextField>
      }
      clear={{ label: t('list.filters.clear'), shown: hasFilters(search), active: activeFilters(search), onClear: props.onClear }}
    >
      <FilterGrid columns={4}>
        <SelectFilter
          label={t('list.filters.enabled')}
          value={search.enabled}
          onChange={(value) => onChange({ enabled: yesNo(value) })}
          any={<em>{t('list.filters.any')}</em>}
          options={[
            { value: 'true', label: t('list.filters.enabledOnly') },
            { value: 'false', label: t('list.filters.disabledOnly') },
          ]}
        />
      </FilterGrid>
    </FilterPanel>
  );
}
