import { useId } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import { useTranslation } from 'react-i18next';
import { pickJobs } from '@hireline/contract/applications';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import { pickConsultants, pickEmployers } from '@hireline/contract/lookups';
import { useCan } from '../../lib/ability';
import { DebouncedSearchField } from '../jobs/DebouncedSearchField';
import { LookupAutocomplete } from '../jobs/LookupAutocomplete';
import { hasFilters, type ApplicationsListSearch } from './applications.search';
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
  const statusLabelId = useId();
  // The employer and consultant lookups belong to the jobs screens (jobs.view); without it they could only fail.
  const canLookUp = useCan('view', 'jobs');
  const statuses = search.status ?? [];
  // Every status, hidden stages too: the tabs only show the visible ones.
  const order = stages.stages.length ? stages.stages.map((s) => s.status) : [...applicationStatuses];
  const toggleStatus = (status: ApplicationStatus) => {
    const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
    onChange({ status: next.length ? next : undefined });
  };
  const date = (key: 'created_from' | 'created_to', label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={search[key] ?? ''}
      onChange={(e) => onChange({ [key]: /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) ? e.target.value : undefined })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const yesNo = (key: 'knocked_out' | 'enabled', label: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={search[key] ?? ''}
      onChange={(e) => onChange({ [key]: e.target.value === 'true' || e.target.value === 'false' ? e.target.value : undefined })}
    >
      <MenuItem value="">{t(`list.filters.${key}Options.any`)}</MenuItem>
      <MenuItem value="true">{t(`list.filters.${key}Options.true`)}</MenuItem>
      <MenuItem value="false">{t(`list.filters.${key}Options.false`)}</MenuItem>
    </TextField>
  );

  return (
    <Box component="section" aria-label={t('list.filters.label')} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <DebouncedSearchField
          label={t('list.filters.search')}
          value={search.q}
          onChange={(q) => onChange({ q })}
          sx={{ flex: '1 1 260px' }}
        />
        {hasFilters(search) && (
          <Button startIcon={<FilterAltOffOutlined />} onClick={props.onClear}>
            {t('list.filters.clear')}
          </Button>
        )}
      </Box>
      <Box role="group" aria-labelledby={statusLabelId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography id={statusLabelId} variant="body2" color="text.secondary" sx={{ marginInlineEnd: 1 }}>
          {t('list.filters.status')}
        </Typography>
        {order.map((status) => {
          const on = statuses.includes(status);
          return (
            <Chip
              key={status}
              component="button"
              aria-pressed={on}
              label={stages.label(status)}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggleStatus(status)}
              sx={on ? stageFill(stages.stage(status)?.color) : undefined}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        <LookupAutocomplete endpoint={pickJobs} label={t('list.filters.job')} value={search.job_id} onChange={(job_id) => onChange({ job_id })} />
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
        <Autocomplete
          multiple
          freeSolo
          autoSelect
          size="small"
          options={[] as string[]}
          value={search.tags ?? []}
          onChange={(_, tags) => {
            const clean = [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag && tag.length <= 40))];
            onChange({ tags: clean.length ? clean : undefined });
          }}
          renderInput={(params) => <TextField {...params} label={t('list.filters.tags')} placeholder={t('list.filters.tagsHint')} />}
        />
        {date('created_from', t('list.filters.createdFrom'))}
        {date('created_to', t('list.filters.createdTo'))}
        {yesNo('knocked_out', t('list.filters.knocked_out'))}
        {yesNo('enabled', t('list.filters.enabled'))}
      </Box>
    </Box>
  );
}
