import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { uploadFile, uploadRules } from '@hireline/contract/uploads';
import { visuallyHidden } from '../../components/visually-hidden';
import { isApiError, upload, type ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

const rules = uploadRules.logo;
const MAX_BYTES = rules.maxMb * 1024 * 1024;
type Problem = 'wrongType' | 'tooLarge' | 'empty';

/** The API's rules for a logo (it decides on the bytes), checked first so a wrong or huge file is never sent. */
function checkImage(file: File): Problem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = file.type ? (rules.mimes as readonly string[]).includes(file.type) : (rules.extensions as readonly string[]).includes(extension);
  if (!typeOk) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_BYTES) return 'tooLarge';
  return null;
}

/** An image of the form (`{file_id, url}`, null = none): uploaded as soon as it is chosen (purpose `logo`), kept until saved. */
export function ImageField<T extends FieldValues, O = T>(props: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  hint: string;
  texts: { upload: string; change: string; remove: string; preview: string };
}) {
  const { t } = useTranslation('settings');
  const headingId = useId();
  const { field } = useController({ control: props.control, name: props.name });
  const value = field.value as { file_id: string | null; url: string | null } | null;
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const uploading = useMutation<ResponseOf<typeof uploadFile>, ApiError, File>({
    mutationFn: (file) => upload(uploadFile, { data: { file, purpose: 'logo' } }),
  });
  const problemText = (p: Problem) => (p === 'empty' ? translateMessage(messages.fileEmpty) : t(`branding.image.${p}`, { mb: rules.maxMb }));

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    e.target.value = '';
    if (!file) return;
    const problem = checkImage(file);
    setError(problem ? problemText(problem) : undefined);
    if (problem) return;
    try {
      const saved = await uploading.mutateAsync(file);
      field.onChange({ file_id: saved.id, url: saved.url });
    } catch (err) {
      const first = isApiError(err) ? (err.errors.file?.[0] ?? err.message) : undefined;
      if (first === messages.fileType([...rules.extensions])) setError(problemText('wrongType'));
      else if (first === messages.fileTooLarge(rules.maxMb)) setError(problemText('tooLarge'));
      else setError(translateMessage(first ?? messages.unknownError));
    }
  };

  const url = value?.url;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {props.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {props.hint}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'action.hover',
            overflow: 'hidden',
          }}
        >
          {url ? (
            <Box component="img" src={url} alt={props.texts.preview} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('branding.image.none')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<CloudUploadOutlined />} onClick={() => input.current?.click()} loading={uploading.isPending}>
            {url ? props.texts.change : props.texts.upload}
          </Button>
          {url && (
            <Button
              color="secondary"
              onClick={() => {
                field.onChange({ file_id: null, url: null });
                setError(undefined);
              }}
            >
              {props.texts.remove}
            </Button>
          )}
        </Stack>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {error}
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
        style={visuallyHidden}
      />
    </Box>
  );
}
