import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getApplication, getApplicationTags, listApplications, setApplicationTags, type ApplicationDetail } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { SectionCard } from '../jobs/SectionCard';

const MAX_TAGS = 20;
const clean = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t && t.length <= 40))].slice(0, MAX_TAGS);

/** The application's tags: chips to read, or (when `actions.update_tags`) a field to change them, saved with PUT. */
export function TagsTab({ app }: { app: ApplicationDetail }) {
  const { t } = useTranslation('applications');
  const snackbar = useSnackbar();
  const client = useQueryClient();
  const query = useApiQuery(getApplicationTags, { params: { uuid: app.id } });
  const [draft, setDraft] = useState<string[] | null>(null);
  const save = useApiMutation(setApplicationTags, {
    onSuccess: () => {
      setDraft(null);
      snackbar.success(t('tags.saved'));
      return Promise.all([getApplicationTags, getApplication, listApplications].map((e) => invalidateEndpoint(client, e)));
    },
    onError: (error) => snackbar.error(translateMessage(error.message)),
  });
  const saved = query.data?.tags;
  const value = draft ?? saved ?? [];
  const dirty = draft !== null && draft.join('\n') !== (saved ?? []).join('\n');
  const editable = app.actions.update_tags;
  return (
    <SectionCard title={t('tags.title')}>
      {query.isError ? (
        <ErrorState title={t('tags.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !saved ? (
        <Skeleton height={56} />
      ) : editable ? (
        <>
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
          {dirty && (
            <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
              <Button onClick={() => setDraft(null)} disabled={save.isPending}>
                {t('actions.cancel')}
              </Button>
              <Button variant="contained" loading={save.isPending} onClick={() => save.mutate({ params: { uuid: app.id }, body: { tags: value } })}>
                {t('tags.save')}
              </Button>
            </Box>
          )}
        </>
      ) : value.length ? (
        <Box component="ul" aria-label={t('tags.title')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {value.map((tag) => (
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
