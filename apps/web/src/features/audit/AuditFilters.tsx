import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DebouncedSearchField } from '../../components/list/DebouncedSearchField';
import { DateFilter, SelectFilter } from '../../components/list/filter-fields';
import { FilterGrid, FilterPanel } from '../../components/list/FilterPanel';
import { accountOnlyRecords, ACTION_FAMILIES, actionsOf, familyOf, SUBJECT_TYPES, useAuditLabels } from './audit-labels';
import { ACTION_KEY, activeFilters, hasFilters, type EnterpriseAuditSearch } from './audit.search';

type Patch = Partial<EnterpriseAuditSearch>;

/** Every family as a prefix (`job.`) followed by its actions: the action filter's options, grouped by family. */
const ACTION_OPTIONS = ACTION_FAMILIES.flatMap((family) => [`${family}.`, ...actionsOf(family)]);
/** An account's trail: without what only the enterprise's trail records, which could only match nothing there. */
const ACCOUNT_ACTION_OPTIONS = ACTION_OPTIONS.filter(accountOnlyRecords);

/**
 * What was done: one of the known actions or families picked by name, or any key typed (a new action shows up in the
 * list before the portal has a name for it). A typed key that the API would refuse is not applied.
 */
function ActionFilter(props: { options: string[]; value: string | undefined; onChange: (action: string | undefined) => void }) {
  const { options, value, onChange } = props;
  const { t } = useTranslation('audit');
  const labels = useAuditLabels();
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={options}
      value={value ?? null}
      groupBy={(key) => {
        const family = familyOf(key);
        return family ? labels.family(family) : '';
      }}
      getOptionLabel={labels.actionOption}
      onChange={(_, next) => {
        const key = next?.trim().toLowerCase();
        onChange(key && ACTION_KEY.test(key) ? key : undefined);
      }}
      renderInput={(params) => <TextField {...params} label={t('filters.action')} placeholder={t('filters.actionHint')} />}
    />
  );
}

/**
 * The audit list's filters: free text, who (an email, or one person picked from an entry), what, on which subject,
 * when, only impersonations, and (enterprise) which account. Each change goes to the URL and back to page 1.
 */
export function AuditFilters(props: {
  search: EnterpriseAuditSearch;
  onChange: (patch: Patch) => void;
  onClear: () => void;
  /** The name of the person `search.actor` is, when a row on the page shows it. */
  actorName: string | undefined;
  /** The enterprise's accounts to pick from; absent on an account's own trail. */
  accounts?: { id: string; name: string }[];
}) {
  const { t } = useTranslation('audit');
  const labels = useAuditLabels();
  const { search, onChange } = props;
  const any = <em>{t('filters.any')}</em>;
  return (
    <FilterPanel
      label={t('filters.label')}
      search={{ label: t('filters.search'), placeholder: t('filters.searchHint'), value: search.q, onChange: (q) => onChange({ q }) }}
      beside={
        <FormControlLabel
          control={
            <Switch
              checked={search.impersonated_only === 'true'}
              onChange={(e) => onChange({ impersonated_only: e.target.checked ? 'true' : undefined })}
            />
          }
          label={t('filters.impersonatedOnly')}
        />
      }
      clear={{ label: t('filters.clear'), shown: hasFilters(search), active: activeFilters(search), onClear: props.onClear }}
    >
      {search.actor && (
        <Box>
          <Chip
            label={t('filters.actorChip', { name: props.actorName ?? t('filters.actorUnknown') })}
            onDelete={() => onChange({ actor: undefined })}
            color="primary"
            variant="outlined"
          />
        </Box>
      )}
      <FilterGrid columns={4}>
        <DebouncedSearchField
          label={t('filters.actorEmail')}
          placeholder={t('filters.actorEmailHint')}
          value={search.actor_email}
          onChange={(actor_email) => onChange({ actor_email })}
        />
        <ActionFilter
          options={props.accounts ? ACTION_OPTIONS : ACCOUNT_ACTION_OPTIONS}
          value={search.action}
          onChange={(action) => onChange({ action })}
        />
        <SelectFilter
          label={t('filters.subjectType')}
          value={search.subject_type}
          onChange={(subject_type) => onChange({ subject_type })}
          any={any}
          options={SUBJECT_TYPES.map((type) => ({ value: type, label: labels.subject(type) }))}
        />
        <DebouncedSearchField label={t('filters.subjectId')} value={search.subject_id} onChange={(subject_id) => onChange({ subject_id })} />
        <DateFilter label={t('filters.from')} value={search.from} onChange={(from) => onChange({ from })} />
        <DateFilter label={t('filters.to')} value={search.to} onChange={(to) => onChange({ to })} />
        {props.accounts && (
          <SelectFilter
            label={t('filters.account')}
            value={search.account}
            onChange={(account) => onChange({ account })}
            any={any}
            options={props.accounts.map((a) => ({ value: a.id, label: a.name }))}
          />
        )}
      </FilterGrid>
    </FilterPanel>
  );
}
