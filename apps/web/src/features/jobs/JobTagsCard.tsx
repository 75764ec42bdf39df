import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { setJobTags } from '@hireline/contract/jobs';
import type { JobDetail } from '@hireline/contract/job-model';
import { useApiMutation } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { SectionCard } from './SectionCard';
import { useRefreshJobs } from './use-bulk-jobs';

const MAX_TAGS = 20;
const clean = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t && t.length <= 40))].slice(0, MAX_TAGS);

/** The job's tags: chips to read, or (when the job may be edited) a field to change them, saved with setJobTags. */
export function JobTagsCard({ job }: { job: JobDetail }) {
  const { t } = useTranslation('jobs');
  const snackbar = useSnackbar();
  const refresh = useRefreshJobs();
  const editable = job.allowed_actions.includes('edit');
  const [draft, setDraft] = useState<string[] | null>(null);
  const save = useApiMutation(setJobTags, {
    onSuccess: () => {
      setDraft(null);
      snackbar.success(t('detail.tags.saved'));
      return refresh();
    },
    onError: (error) => snackbar.error(translateMessage(error.message)),
  });
  const value = draft ?? job.tags;
  const dirty = draft !== null && draft.join('\n') !== job.tags.join('\n');
  return (
    <SectionCard title={t('detail.sections.tags')}>
      {editable ? (
        <>
          <Autocomplete
            multiple
            freeSolo
            autoSelect
            size="small"
            options={[] as string[]}
            value={value}
            onChange={(_, tags) => setDraft(clean(tags))}
            renderInput={(params) => (
              <TextField {...params} label={t('detail.tags.label')} helperText={t('detail.tags.hint', { max: MAX_TAGS })} />
            )}
          />
          {dirty && (
            <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
              <Button onClick={() => setDraft(null)} disabled={save.isPending}>
                {t('actions.cancel')}
              </Button>
              <Button variant="contained" loading={save.isPending} onClick={() => save.mutate({ params: { uuid: job.id }, body: { tags: value } })}>
                {t('detail.tags.save')}
              </Button>
            </Box>
          )}
        </>
      ) : value.length ? (
        <Box component="ul" aria-label={t('detail.sections.tags')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {value.map((tag) => (
            <li key={tag}>
              <Chip size="small" label={tag} />
            </li>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{t('detail.tags.none')}</Typography>
      )}
    </SectionCard>
  );
}
