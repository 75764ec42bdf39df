import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getSeekerTags, setSeekerTags } from '@hireline/contract/seekers';
import { ErrorState } from '../../components/ErrorState';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { SectionCard } from '../jobs/SectionCard';
import { useRefreshSeekers } from './use-seekers-data';

// The contract's limits (job-model `tag`, at most 20): checked here so a save does not come back as a 422.
const MAX_TAGS = 20;
const clean = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t && t.length <= 40))].slice(0, MAX_TAGS);

/** The seeker's tags from their own endpoint: chips to read, or (with `update_tags`) a field to change and save them. */
export function SeekerTagsTab({ seekerId, editable }: { seekerId: string; editable: boolean }) {
  const { t } = useTranslation('seekers');
  const snackbar = useSnackbar();
  const refresh = useRefreshSeekers();
  const query = useApiQuery(getSeekerTags, { params: { uuid: seekerId } });
  const [draft, setDraft] = useState<string[] | null>(null);
  const save = useApiMutation(setSeekerTags, {
    onSuccess: () => {
      setDraft(null);
      snackbar.success(t('tags.saved'));
      return refresh();
    },
    onError: (error) => snackbar.error(translateMessage(error.message)),
  });
  const saved = query.data?.tags;
  const value = draft ?? saved ?? [];
  const dirty = draft !== null && draft.join('\n') !== (saved ?? []).join('\n');
  // A form, so Enter in the empty field saves (MUI keeps Enter with a typed tag for adding the chip).
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (dirty) save.mutate({ params: { uuid: seekerId }, body: { tags: value } });
  };

  return (
    <SectionCard title={t('tags.title')}>
      {query.isError && !saved ? (
        <ErrorState title={t('tags.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !saved ? (
        <Skeleton height={56} />
      ) : editable ? (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('tags.intro')}
          </Typography>
          <Autocomplete
            multiple
            freeSolo
            autoSelect
            size="small"
            options={[] as string[]}
            value={value}
            onChange={(_, tags) => setDraft(clean(tags))}
            renderInput={(params) => <TextField {...params} label={t('tags.label')} helperText={t('tags.hint', { max: MAX_TAGS })} />}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
            <Button onClick={() => setDraft(null)} disabled={!dirty || save.isPending}>
              {t('tags.reset')}
            </Button>
            <Button type="submit" variant="contained" disabled={!dirty} loading={save.isPending}>
              {t('tags.save')}
            </Button>
          </Box>
        </Box>
      ) : saved.length ? (
        <Box component="ul" aria-label={t('tags.title')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {saved.map((tag) => (
            <li key={tag}>
              <Chip size="small" label={tag} />
            </li>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{t('tags.none')}</Typography>
      )}
    </SectionCard>
  );
}
