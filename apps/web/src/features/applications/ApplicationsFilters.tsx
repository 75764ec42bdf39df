import { useTranslation } from 'react-i18next';
import { pickJobs } from '@hireline/contract/applications';
import { applicationStatuses } from '@hireline/contract/enums';
import { pickConsultants, pickEmployers } from '@hireline/contract/lookups';
import { ChipFilter, DateFilter, SelectFilter, TagsFilter } from '../../components/list/filter-fields';
import { FilterGrid, FilterPanel } from '../../components/list/FilterPanel';
import { LookupAutocomplete } from '../../components/list/LookupAutocomplete';
import { useCan } from '../../lib/ability';
import { yesNo } from '../../lib/list-search';
import { activeFilters, hasFilters, type ApplicationsListSearch } from './applications.search';
import { stageFill } from './StageChip';
import type { Stages } from './use-stages';

type Patch = Partial<ApplicationsListSearch>;

/** Every filter of the applications list; each change goes to the URL (and back to page 1). */
export function ApplicationsFilters(props: {
  search: ApplicationsListSearch;
  stages: Stages;
  onChange: (patch: Patch) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('applications');
  const { search, onChange, stages } = props;
  // The employer and consultant lookups belong to the jobs screens (jobs.view); without it they could only fail.
  const canLookUp = useCan('view', 'jobs');
  // The shown stages, like the tabs; a hidden one stays only while chosen (an older link), so it can be taken off.
  const order = stages.stages.length
    ? stages.stages.filter((s) => s.visible || search.status?.includes(s.status)).map((s) => s.status)
    : [...applicationStatuses];
  const yesNoFilter = (key: 'knocked_out' | 'enabled', label: string) => (
    <SelectFilter
      label={label}
      value={search[key]}
      onChange={(value) => onChange({ [key]: yesNo(value) })}
      any={t(`list.filters.${key}Options.any`)}
      options={[
        { value: 'true', label: t(`list.filters.${key}Options.true`) },
        { value: 'false', label: t(`list.filters.${key}Options.false`) },
      ]}
    />
  );

  return (
    <FilterPanel
      label={t('list.filters.label')}
      search={{ label: t('list.filters.search'), value: search.q, onChange: (q) => onChange({ q }) }}
      clear={{ label: t('list.filters.clear'), shown: hasFilters(search), active: activeFilters(search), onClear: props.onClear }}
    >
      <ChipFilter
        label={t('list.filters.status')}
        options={order.map((status) => ({ value: status, label: stages.label(status), sx: stageFill(stages.stage(status)?.color) }))}
        value={search.status}
        onChange={(status) => onChange({ status })}
      />
      <FilterGrid columns={4}>
        <LookupAutocomplete
          endpoint={pickJobs}
          label={t('list.filters.job')}
          value={search.job_id}
          onChange={(job_id) => onChange({ job_id })}
          // One title can be posted by several employers, or twice by one: the reference and employer tell them apart.
          describe={(job) => [job.reference_number, job.employer_name].filter(Boolean).join(' · ')}
        />
        {canLookUp && (
          <LookupAutocomplete
            endpoint={pickEmployers}
            label={t('list.filters.employer')}
            value={search.employer_id}
            onChange={(employer_id) => onChange({ employer_id })}
          />
        )}
        {canLookUp && (
          <LookupAutocomplete
            endpoint={pickConsultants}
            label={t('list.filters.consultant')}
            value={search.consultant_id}
            onChange={(consultant_id) => onChange({ consultant_id })}
          />
        )}
        <TagsFilter label={t('list.filters.tags')} placeholder={t('list.filters.tagsHint')} value={search.tags} onChange={(tags) => onChange({ tags })} />
        <DateFilter label={t('list.filters.createdFrom')} value={search.created_from} onChange={(created_from) => onChange({ created_from })} />
        <DateFilter label={t('list.filters.createdTo')} value={search.created_to} onChange={(created_to) => onChange({ created_to })} />
        {yesNoFilter('knocked_out', t('list.filters.knocked_out'))}
        {yesNoFilter('enabled', t('list.filters.enabled'))}
      </FilterGrid>
    </FilterPanel>
  );
}
