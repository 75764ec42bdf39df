import { useTranslation } from 'react-i18next';
import { employerStatuses, type EmployerType } from '@hireline/contract/enums';
import { ChipFilter, SelectFilter } from '../../components/list/filter-fields';
import { FilterGrid, FilterPanel } from '../../components/list/FilterPanel';
import { yesNo } from '../../lib/list-search';
import { STATUS_COLOR } from './EmployerChips';
import { activeFilters, hasFilters, type EmployersListSearch } from './employers.search';
import { useEmployerTypes } from './use-employers-data';

type Patch = Partial<EmployersListSearch>;

/** Search and every filter of the employers list; each change goes to the URL (and back to page 1). */
export function EmployersFilters(props: { search: EmployersListSearch; onChange: (patch: Patch) => void; onClear: () => void }) {
  const { t } = useTranslation('employers');
  const { search, onChange } = props;
  const types = useEmployerTypes();
  const any = <em>{t('list.filters.any')}</em>;
  return (
    <FilterPanel
      label={t('list.filters.label')}
      search={{
        label: t('list.filters.search'),
        placeholder: t('list.filters.searchHint'),
        value: search.q,
        onChange: (q) => onChange({ q }),
      }}
      clear={{ label: t('list.filters.clear'), shown: hasFilters(search), active: activeFilters(search), onClear: props.onClear }}
    >
      <ChipFilter
        label={t('list.filters.status')}
        options={employerStatuses.map((status) => ({ value: status, label: t(`status.${status}`), color: STATUS_COLOR[status] }))}
        value={search.status}
        onChange={(status) => onChange({ status })}
      />
      <FilterGrid columns={4}>
        <SelectFilter
          label={t('list.filters.type')}
          value={search.type}
          onChange={(value) => onChange({ type: types.some((o) => o.value === value) ? (value as EmployerType) : undefined })}
          any={any}
          options={types}
        />
        <SelectFilter
          label={t('list.filters.enabled')}
          value={search.enabled}
          onChange={(value) => onChange({ enabled: yesNo(value) })}
          any={any}
          options={[
            { value: 'true', label: t('enabled.enabled') },
            { value: 'false', label: t('enabled.disabled') },
          ]}
        />
      </FilterGrid>
    </FilterPanel>
  );
}
