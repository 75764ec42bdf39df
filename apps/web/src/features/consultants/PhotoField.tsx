import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { uploadFile, uploadRules } from '@hireline/contract/uploads';
import { UserAvatar } from '../../components/UserAvatar';
import { visuallyHidden } from '../../components/visually-hidden';
import { isApiError, upload, type ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

const rules = uploadRules.avatar;
const MAX_BYTES = rules.maxMb * 1024 * 1024;
type Problem = 'wrongType' | 'tooLarge' | 'empty';

/** The API's rules (it decides on the file's bytes), checked first so a wrong or huge file is refused before sending. */
function checkPhoto(file: File): Problem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = file.type ? (rules.mimes as readonly string[]).includes(file.type) : (rules.extensions as readonly string[]).includes(extension);
  if (!typeOk) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * A consultant's photo: uploaded at once (`POST /v1/forms/upload-file`, purpose `avatar`) and attached by id when the
 * form is saved; removing it sets the id to null. `preview` is the URL shown (the saved photo, then the upload).
 */
export function PhotoField(props: {
  name: string;
  preview: string | null;
  onChange: (file: { id: string; url: string } | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('consultants');
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [problem, setProblem] = useState<string>();
  const uploading = useMutation<ResponseOf<typeof uploadFile>, ApiError, File>({
    mutationFn: (file) => upload(uploadFile, { data: { file, purpose: 'avatar' } }),
  });
  const problemText = (p: Problem) => (p === 'empty' ? translateMessage(messages.fileEmpty) : t(`form.photo.${p}`, { mb: rules.maxMb }));
  const serverText = (err: unknown) => {
    const first = isApiError(err) ? (err.errors.file?.[0] ?? err.errors.purpose?.[0] ?? err.message) : undefined;
    if (first === messages.fileType([...rules.extensions])) return problemText('wrongType');
    if (first === messages.fileTooLarge(rules.maxMb)) return problemText('tooLarge');
    return translateMessage(first ?? messages.unknownError);
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    e.target.value = '';
    if (!file) return;
    const found = checkPhoto(file);
    setProblem(found ? problemText(found) : undefined);
    if (found) return;
    try {
      const saved = await uploading.mutateAsync(file);
      props.onChange({ id: saved.id, url: saved.url });
    } catch (err) {
      setProblem(serverText(err));
    }
  };
  const message = problem ?? props.error;

  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" sx={{ mb: 1 }}>
        {t('form.photo.label')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <UserAvatar name={props.name || '?'} src={props.preview} size={72} />
        <Stack spacing={1}>
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => input.current?.click()} loading={uploading.isPending}>
              {props.preview ? t('form.photo.change') : t('form.photo.upload')}
            </Button>
            {props.preview && (
              <Button color="secondary" onClick={() => props.onChange(null)} disabled={uploading.isPending}>
                {t('form.photo.remove')}
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('form.photo.hint', { mb: rules.maxMb })}
          </Typography>
        </Stack>
      </Stack>
      {message && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {message}
        </Alert>
      )}
      {/* Opened by the button above, which is what keyboard and screen-reader users reach. */}
      <input
        ref={input}
        type="file"
        accept={[...rules.mimes, ...rules.extensions.map((x) => `.${x}`)].join(',')}
        onChange={(e) => void onFile(e)}
        tabIndex={-1}
        aria-hidden
        data-testid="consultant-photo-input"
        style={visuallyHidden}
      />
    </Box>
  );
}
