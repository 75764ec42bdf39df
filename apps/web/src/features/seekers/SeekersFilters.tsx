import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { listSeekerSortOptions } from '@hireline/contract/seekers';
import { SelectFilter, TagsFilter } from '../../components/list/filter-fields';
import { FilterGrid, FilterPanel } from '../../components/list/FilterPanel';
import { useApiQuery } from '../../lib/api-query';
import { yesNo } from '../../lib/list-search';
import { DEFAULT_SORT, activeFilters, hasFilters, isSeekerSort, type SeekerSort, type SeekersListSearch } from './seekers.search';
import { useSeekerFieldOptions, type SeekerOptionKind } from './use-seekers-data';

type Patch = Partial<SeekersListSearch>;

/**
 * The sorts' labels in the reader's language (the API's labels are English). Which sorts are offered, and in which
 * order, is the API's answer; one this build does not know could not be put in the URL, so it is left out.
 */
export const SORT_KEYS = {
  '-created_at': 'newest',
  created_at: 'oldest',
  name: 'nameAsc',
  '-name': 'nameDesc',
  '-last_active_at': 'lastActive',
  profile_id: 'profileId',
} as const satisfies Record<SeekerSort, string>;

/** Sort, search and every filter of the seekers list; each change goes to the URL (and back to page 1). */
export function SeekersFilters(props: { search: SeekersListSearch; onChange: (patch: Patch) => void; onClear: () => void }) {
  const { t } = useTranslation('seekers');
  const { search, onChange } = props;
  const fieldOptions = useSeekerFieldOptions();
  // The API says which sorts it offers and in which order; the list works with the default until it answers.
  const sortOptions = useApiQuery(listSeekerSortOptions, {}, { staleTime: 5 * 60_000 });
  const sort = search.sort ?? DEFAULT_SORT;
  const sorts = (sortOptions.data ?? []).filter((o) => isSeekerSort(o.value));
  const sortLabel = (value: SeekerSort) => t(`list.sort.${SORT_KEYS[value]}`);
  const any = <em>{t('list.filters.any')}</em>;
  const select = (key: 'desired_work_type' | 'visa_type', kind: SeekerOptionKind, label: string) => (
    <SelectFilter label={label} value={search[key]} onChange={(value) => onChange({ [key]: value })} any={any} options={fieldOptions.options(kind)} />
  );

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
          onChange={(e) => onChange({ sort: e.target.value === DEFAULT_SORT ? undefined : (e.target.value as SeekerSort) })}
          sx={{ minWidth: 220 }}
        >
          {!sorts.some((o) => o.value === sort) && <MenuItem value={sort}>{sortLabel(sort)}</MenuItem>}
          {sorts.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {sortLabel(o.value)}
            </MenuItem>
          ))}
        </TextField>
      }
      clear={{ label: t('list.filters.clear'), shown: hasFilters(search), active: activeFilters(search), onClear: props.onClear }}
    >
      <FilterGrid columns={5}>
        {select('desired_work_type', 'work_type', t('list.filters.workType'))}
        {select('visa_type', 'visa_type', t('list.filters.visaType'))}
        <SelectFilter
          label={t('list.filters.enabled')}
          value={search.enabled}
          onChange={(value) => onChange({ enabled: yesNo(value) })}
          any={any}
          options={[
            { value: 'true', label: t('list.filters.enabledOnly') },
            { value: 'false', label: t('list.filters.disabledOnly') },
          ]}
        />
        <TagsFilter
          label={t('list.filters.tags')}
          placeholder={t('list.filters.tagsHint')}
          value={search.tags}
          onChange={(tags) => onChange({ tags })}
          sx={{ gridColumn: { lg: 'span 2' } }}
        />
      </FilterGrid>
    </FilterPanel>
  );
}
