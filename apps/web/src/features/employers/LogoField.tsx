import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { uploadFile, uploadRules } from '@hireline/contract/uploads';
import { visuallyHidden } from '../../components/visually-hidden';
import { isApiError, upload, type ApiError } from '../../lib/api-client';
import type { EmployerBody, EmployerFormValues } from './employer-form';
import { employerMessage } from './employer-messages';

const rules = uploadRules.logo;
const MAX_BYTES = rules.maxMb * 1024 * 1024;
type Problem = 'wrongType' | 'tooLarge' | 'empty';

/** The API's logo rules (it decides on the bytes), checked first so a wrong or huge file is never sent. */
export function checkLogo(file: File): Problem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = file.type ? (rules.mimes as readonly string[]).includes(file.type) : (rules.extensions as readonly string[]).includes(extension);
  if (!typeOk) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * The employer's logo: uploaded as soon as it is chosen (`uploadFile`, purpose `logo`), its id kept in the form until
 * it is saved; previewed from the upload's address or the employer's current logo. A 422 on `logo_file_id` shows here.
 */
export function LogoField(props: { control: Control<EmployerFormValues, unknown, EmployerBody>; currentUrl: string | null }) {
  const { t } = useTranslation('employers');
  const headingId = useId();
  const { field, fieldState } = useController({ control: props.control, name: 'logo_file_id' });
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(props.currentUrl);
  const [error, setError] = useState<string>();
  const uploading = useMutation<ResponseOf<typeof uploadFile>, ApiError, File>({
    mutationFn: (file) => upload(uploadFile, { data: { file, purpose: 'logo' } }),
  });
  const problemText = (p: Problem) => (p === 'empty' ? employerMessage(messages.fileEmpty) : t(`form.logo.${p}`, { mb: rules.maxMb }));

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    e.target.value = '';
    if (!file) return;
    const problem = checkLogo(file);
    setError(problem ? problemText(problem) : undefined);
    if (problem) return;
    try {
      const saved = await uploading.mutateAsync(file);
      field.onChange(saved.id);
      setPreview(saved.url);
    } catch (err) {
      const first = isApiError(err) ? (err.errors.file?.[0] ?? err.message) : undefined;
      if (first === messages.fileType([...rules.extensions])) setError(problemText('wrongType'));
      else if (first === messages.fileTooLarge(rules.maxMb)) setError(problemText('tooLarge'));
      else setError(employerMessage(first ?? messages.unknownError));
    }
  };

  const hasLogo = Boolean(field.value);
  const shown = error ?? (fieldState.error?.message && employerMessage(fieldState.error.message));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('fields.logo')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('form.logo.hint', { mb: rules.maxMb })}
      </Typography>
      {hasLogo && preview && (
        <Box
          component="img"
          src={preview}
          alt={t('form.logo.preview')}
          sx={{ display: 'block', maxWidth: 240, maxHeight: 120, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider', p: 1, mb: 1.5 }}
        />
      )}
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<CloudUpload />} onClick={() => input.current?.click()} loading={uploading.isPending}>
          {hasLogo ? t('form.logo.change') : t('form.logo.upload')}
        </Button>
        {hasLogo && (
          <Button
            color="secondary"
            onClick={() => {
              field.onChange(null);
              setPreview(null);
              setError(undefined);
            }}
          >
            {t('form.logo.remove')}
          </Button>
        )}
      </Stack>
      {shown && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {shown}
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
