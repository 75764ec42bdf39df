import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import { useTranslation } from 'react-i18next';
import { listSeekerSortOptions } from '@hireline/contract/seekers';
import { useApiQuery } from '../../lib/api-query';
import { DebouncedSearchField } from '../jobs/DebouncedSearchField';
import { DEFAULT_SORT, hasFilters, isSeekerSort, type SeekerSort, type SeekersListSearch } from './seekers.search';
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

const cleanTags = (tags: string[]) => [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag && tag.length <= 40))];

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

  const select = (key: 'desired_work_type' | 'visa_type', kind: SeekerOptionKind, label: string) => {
    const list = fieldOptions.options(kind);
    const value = search[key];
    return (
      <TextField select size="small" label={label} value={value ?? ''} onChange={(e) => onChange({ [key]: e.target.value || undefined })}>
        <MenuItem value="">
          <em>{t('list.filters.any')}</em>
        </MenuItem>
        {/* A value from an old link that the site no longer offers stays visible (and removable). */}
        {value && !list.some((o) => o.value === value) && <MenuItem value={value}>{value}</MenuItem>}
        {list.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  };

  return (
    <Box component="section" aria-label={t('list.filters.label')} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <DebouncedSearchField
          label={t('list.filters.search')}
          placeholder={t('list.filters.searchHint')}
          value={search.q}
          onChange={(q) => onChange({ q })}
          sx={{ flex: '1 1 260px' }}
        />
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
        {hasFilters(search) && (
          <Button startIcon={<FilterAltOffOutlined />} onClick={props.onClear}>
            {t('list.filters.clear')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, 1fr)' } }}>
        {select('desired_work_type', 'work_type', t('list.filters.workType'))}
        {select('visa_type', 'visa_type', t('list.filters.visaType'))}
        <TextField
          select
          size="small"
          label={t('list.filters.enabled')}
          value={search.enabled ?? ''}
          onChange={(e) => onChange({ enabled: e.target.value === 'true' || e.target.value === 'false' ? e.target.value : undefined })}
        >
          <MenuItem value="">
            <em>{t('list.filters.any')}</em>
          </MenuItem>
          <MenuItem value="true">{t('list.filters.enabledOnly')}</MenuItem>
          <MenuItem value="false">{t('list.filters.disabledOnly')}</MenuItem>
        </TextField>
        <Autocomplete
          multiple
          freeSolo
          autoSelect
          size="small"
          options={[] as string[]}
          value={search.tags ?? []}
          onChange={(_, tags) => {
            const clean = cleanTags(tags);
            onChange({ tags: clean.length ? clean : undefined });
          }}
          renderInput={(params) => <TextField {...params} label={t('list.filters.tags')} placeholder={t('list.filters.tagsHint')} />}
          sx={{ gridColumn: { lg: 'span 2' } }}
        />
      </Box>
    </Box>
  );
}
