import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { deleteCandidateDocument, getCandidateProfile, updateCandidateProfile, type CandidateProfile } from '@hireline/contract/board-candidates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FileUploadButton, type UploadedFile } from '../../components/FileUploadButton';
import { invalidateEndpoint, useApiMutation } from '../../lib/api-query';
import { formatBytes } from '../../lib/format';
import { errorText } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';

const refresh = () => invalidateEndpoint(queryClient, getCandidateProfile);

/** The resume (replaced by uploading another) and other documents (added by upload, removed after asking). */
export function FilesCard({ profile }: { profile: CandidateProfile }) {
  const { t, i18n } = useTranslation();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const [removing, setRemoving] = useState<UploadedFile | null>(null);
  const [removeError, setRemoveError] = useState<string>();
  const saveResume = useApiMutation(updateCandidateProfile);
  const remove = useApiMutation(deleteCandidateDocument);

  async function onResume(file: UploadedFile) {
    setAnswer(undefined);
    try {
      await saveResume.mutateAsync({ body: { resume_file_id: file.id } });
      await refresh();
      setAnswer({ ok: true, text: t('profile.resumeSaved') });
    } catch (error) {
      setAnswer({ ok: false, text: errorText(error) });
    }
  }

  async function onDocument() {
    await refresh();
    setAnswer({ ok: true, text: t('profile.documentAdded') });
  }

  async function confirmRemove() {
    if (!removing) return;
    setRemoveError(undefined);
    try {
      await remove.mutateAsync({ params: { uuid: removing.id } });
      await refresh();
      setAnswer({ ok: true, text: t('profile.documentRemoved', { name: removing.name }) });
      setRemoving(null);
    } catch (error) {
      setRemoveError(errorText(error));
    }
  }

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('profile.resume')}
        </Typography>
        <Stack spacing={2}>
          {profile.resume ? (
            <Typography>
              <Link href={profile.resume.url} target="_blank" rel="noopener noreferrer">
                {profile.resume.name}
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({formatBytes(profile.resume.size, i18n.language)})
              </Typography>
            </Typography>
          ) : (
            <Typography color="text.secondary">{t('profile.noResume')}</Typography>
          )}
          <FileUploadButton
            purpose="resume"
            label={profile.resume ? t('profile.replaceResume') : t('profile.uploadResume')}
            onUploaded={(file) => void onResume(file)}
            disabled={saveResume.isPending}
          />
        </Stack>
        <Divider sx={{ my: 3 }} />
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('profile.documents')}
        </Typography>
        {profile.documents.length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('profile.noDocuments')}
          </Typography>
        ) : (
          <List dense sx={{ mb: 1 }}>
            {profile.documents.map((doc) => (
              <ListItem
                key={doc.id}
                disableGutters
                secondaryAction={
                  <IconButton edge="end" aria-label={t('profile.removeDocument', { name: doc.name })} onClick={() => setRemoving(doc)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={
                    <Link href={doc.url} target="_blank" rel="noopener noreferrer">
                      {doc.name}
                    </Link>
                  }
                  secondary={formatBytes(doc.size, i18n.language)}
                />
              </ListItem>
            ))}
          </List>
        )}
        <FileUploadButton purpose="document" label={t('profile.addDocument')} onUploaded={() => void onDocument()} />
        <Box aria-live="polite" sx={{ mt: answer ? 2 : 0 }}>
          {answer && <Alert severity={answer.ok ? 'success' : 'error'}>{answer.text}</Alert>}
        </Box>
      </CardContent>
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('profile.removeTitle')}
        body={t('profile.removeBody', { name: removing?.name ?? '' })}
        confirmLabel={t('profile.remove')}
        color="error"
        irreversible
        pending={remove.isPending}
        error={removeError}
        onCancel={() => {
          setRemoving(null);
          setRemoveError(undefined);
        }}
        onConfirm={() => void confirmRemove()}
      />
    </Card>
  );
}
