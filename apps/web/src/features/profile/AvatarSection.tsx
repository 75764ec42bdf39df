import { useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getUserAccount, removeAvatar, uploadAvatar, type UserAccount } from '@hireline/contract/auth';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { uploadRules } from '@hireline/contract/uploads';
import { UserAvatar } from '../../components/UserAvatar';
import { visuallyHidden } from '../../components/visually-hidden';
import { isApiError, upload, type ApiError } from '../../lib/api-client';
import { invalidateEndpoint, useApiMutation } from '../../lib/api-query';
import { currentUserQuery } from '../../lib/current-user';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';

const rules = uploadRules.avatar;
const MAX_BYTES = rules.maxMb * 1024 * 1024;

/**
 * The API's rules (it decides on the file's bytes); checked here first so a wrong or huge file is refused before
 * it is sent. The browser's type comes from the extension, so a file without one is judged by its name.
 */
function checkAvatar(file: File): 'wrongType' | 'tooLarge' | 'empty' | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = file.type
    ? (rules.mimes as readonly string[]).includes(file.type)
    : (rules.extensions as readonly string[]).includes(extension);
  if (!typeOk) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_BYTES) return 'tooLarge';
  return null;
}

/** The user's picture with upload and remove; both refresh /auth/me so the app bar shows the change. */
export function AvatarSection({ account }: { account: UserAccount }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const uploading = useMutation<ResponseOf<typeof uploadAvatar>, ApiError, File>({
    mutationFn: (file) => upload(uploadAvatar, { data: { file } }),
  });
  const removing = useApiMutation(removeAvatar);

  const problemText = (problem: 'wrongType' | 'tooLarge' | 'empty') =>
    problem === 'empty' ? translateMessage(messages.fileEmpty) : t(`avatar.${problem}`, { mb: rules.maxMb });

  // The API's file messages carry the allowed types and size; show them in the current language.
  const serverText = (err: unknown) => {
    const first = isApiError(err) ? (err.errors.file?.[0] ?? err.message) : undefined;
    if (first === messages.fileType([...rules.extensions])) return problemText('wrongType');
    if (first === messages.fileTooLarge(rules.maxMb)) return problemText('tooLarge');
    return translateMessage(first ?? messages.unknownError);
  };

  const refresh = () => {
    void invalidateEndpoint(queryClient, getUserAccount);
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    e.target.value = '';
    if (!file) return;
    const problem = checkAvatar(file);
    setError(problem ? problemText(problem) : undefined);
    if (problem) return;
    try {
      await uploading.mutateAsync(file);
      refresh();
      notify.success(t('avatar.uploaded'));
    } catch (err) {
      setError(serverText(err));
    }
  };

  const onRemove = async () => {
    setError(undefined);
    try {
      await removing.mutateAsync({});
      refresh();
      notify.success(t('avatar.removed'));
    } catch (err) {
      setError(serverText(err));
    }
  };

  return (
    <Box component="section" aria-labelledby="profile-avatar-heading">
      <Typography id="profile-avatar-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('avatar.heading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <UserAvatar name={account.name} src={account.avatar} size={96} />
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => input.current?.click()} loading={uploading.isPending}>
              {account.avatar ? t('avatar.change') : t('avatar.upload')}
            </Button>
            {account.avatar && (
              <Button variant="outlined" color="secondary" onClick={() => void onRemove()} loading={removing.isPending}>
                {t('avatar.remove')}
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('avatar.hint', { mb: rules.maxMb })}
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Stack>
      {/* Opened by the button above, which is what keyboard and screen-reader users reach. */}
      <input
        ref={input}
        type="file"
        accept={[...rules.mimes, ...rules.extensions.map((x) => `.${x}`)].join(',')}
        onChange={(e) => void onFile(e)}
        tabIndex={-1}
        aria-hidden
        style={visuallyHidden}
      />
    </Box>
  );
}
