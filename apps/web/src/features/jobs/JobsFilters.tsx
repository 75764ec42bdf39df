import { useId } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import { useTranslation } from 'react-i18next';
import { jobStatuses, type JobStatus } from '@hireline/contract/enums';
import { getFieldOptions, pickConsultants, pickEmployers } from '@hireline/contract/lookups';
import { useApiQuery } from '../../lib/api-query';
import { DebouncedSearchField } from './DebouncedSearchField';
import { STATUS_COLOR } from './job-format';
import { hasFilters, type JobsListSearch } from './jobs.search';
import { LookupAutocomplete } from './LookupAutocomplete';

type Patch = Partial<JobsListSearch>;

/** Every filter of the jobs list; each change goes to the URL (and back to page 1). */
export function JobsFilters(props: { search: JobsListSearch; onChange: (patch: Patch) => void; onClear: () => void }) {
  const { t } = useTranslation('jobs');
  const { search, onChange } = props;
  const statusLabelId = useId();
  const options = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  const statuses = search.status ?? [];
  const toggleStatus = (status: JobStatus) => {
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
  const select = (key: 'work_type' | 'classification', label: string) => {
    const list = options.data?.[key] ?? [];
    const value = search[key];
    return (
      <TextField
        select
        size="small"
        label={label}
        value={value ?? ''}
        onChange={(e) => onChange({ [key]: e.target.value || undefined })}
      >
        <MenuItem value="">
          <em>{t('list.filters.any')}</em>
        </MenuItem>
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
          value={search.q}
          onChange={(q) => onChange({ q })}
          sx={{ flex: '1 1 260px' }}
        />
        <FormControlLabel
          control={
            <Switch checked={search.flagged === 'true'} onChange={(e) => onChange({ flagged: e.target.checked ? 'true' : undefined })} />
          }
          label={t('list.filters.flaggedOnly')}
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
        {jobStatuses.map((status) => {
          const on = statuses.includes(status);
          return (
            <Chip
              key={status}
              component="button"
              aria-pressed={on}
              label={t(`status.${status}`)}
              color={on ? STATUS_COLOR[status] : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggleStatus(status)}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
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
        {date('created_from', t('list.filters.createdFrom'))}
        {date('created_to', t('list.filters.createdTo'))}
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
          sx={{ gridColumn: { lg: 'span 2' } }}
        />
      </Box>
    </Box>
  );
}
