import { memo } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { jobStatuses } from '@hireline/contract/enums';
import { getFieldOptions, pickConsultants, pickEmployers } from '@hireline/contract/lookups';
import { ChipFilter, DateFilter, SelectFilter, TagsFilter } from '../../components/list/filter-fields';
import { FilterGrid, FilterPanel } from '../../components/list/FilterPanel';
import { LookupAutocomplete } from '../../components/list/LookupAutocomplete';
import { useApiQuery } from '../../lib/api-query';
import { STATUS_COLOR } from './job-format';
import { activeFilters, hasFilters, type JobsListSearch } from './jobs.search';

type Patch = Partial<JobsListSearch>;

/** Every filter of the jobs list; each change goes to the URL (and back to page 1). Drawn again only when its props change. */
export const JobsFilters = memo(function JobsFilters(props: { search: JobsListSearch; onChange: (patch: Patch) => void; onClear: () => void }) {
  const { t } = useTranslation('jobs');
  const { search, onChange } = props;
  const options = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  const select = (key: 'work_type' | 'classification', label: string) => (
    <SelectFilter
      label={label}
      value={search[key]}
      onChange={(value) => onChange({ [key]: value })}
      any={<em>{t('list.filters.any')}</em>}
      options={options.data?.[key] ?? []}
    />
  );

  return (
    <FilterPanel
      label={t('list.filters.label')}
      search={{ label: t('list.filters.search'), value: search.q, onChange: (q) => onChange({ q }) }}
      beside={
        <FormControlLabel
          control={
            <Switch checked={search.flagged === 'true'} onChange={(e) => onChange({ flagged: e.target.checked ? 'true' : undefined })} />
          }
          label={t('list.filters.flaggedOnly')}
        />
      }
      clear={{ label: t('list.filters.clear'), shown: hasFilters(search), active: activeFilters(search), onClear: props.onClear }}
    >
      <ChipFilter
        label={t('list.filters.status')}
        options={jobStatuses.map((status) => ({ value: status, label: t(`status.${status}`), color: STATUS_COLOR[status] }))}
        value={search.status}
        onChange={(status) => onChange({ status })}
      />
      <FilterGrid columns={4}>
        <LookupAutocomplete
          endpoint={pickEmployers}
          label={t('list.filters.employer')}
          value={search.employer_id}
          onChange={(employer_id) => onChange({ employer_id })}
        />
        <LookupAutocomplete
          endpoint={pickConsultants}
          label={t('list.filters.consultant')}
          value={search.consultant_id}
          onChange={(consultant_id) => onChange({ consultant_id })}
        />
        {select('work_type', t('list.filters.workType'))}
        {select('classification', t('list.filters.classification'))}
        <DateFilter label={t('list.filters.createdFrom')} value={search.created_from} onChange={(created_from) => onChange({ created_from })} />
        <DateFilter label={t('list.filters.createdTo')} value={search.created_to} onChange={(created_to) => onChange({ created_to })} />
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
});
