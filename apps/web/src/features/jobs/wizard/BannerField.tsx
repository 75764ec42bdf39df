import { useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { uploadFile, uploadRules } from '@hireline/contract/uploads';
import { visuallyHidden } from '../../../components/visually-hidden';
import { isApiError, upload, type ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/messages';

const rules = uploadRules.banner;
const MAX_BYTES = rules.maxMb * 1024 * 1024;
type Problem = 'wrongType' | 'tooLarge' | 'empty';

/** The API's banner rules (it decides on the bytes), checked first so a wrong or huge file is never sent. */
export function checkBanner(file: File): Problem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = file.type ? (rules.mimes as readonly string[]).includes(file.type) : (rules.extensions as readonly string[]).includes(extension);
  if (!typeOk) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * The advert's banner: uploaded as soon as it is chosen (`uploadFile`, purpose `banner`), its id kept in the form
 * until the step is saved; previewed from the upload's address or the job's current banner.
 */
export function BannerField<T extends FieldValues, O = T>(props: { control: Control<T, unknown, O>; name: Path<T>; currentUrl: string | null }) {
  const { t } = useTranslation('jobs');
  const { field } = useController({ control: props.control, name: props.name });
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(props.currentUrl);
  const [error, setError] = useState<string>();
  const uploading = useMutation<ResponseOf<typeof uploadFile>, ApiError, File>({
    mutationFn: (file) => upload(uploadFile, { data: { file, purpose: 'banner' } }),
  });
  const problemText = (p: Problem) =>
    p === 'empty' ? translateMessage(messages.fileEmpty) : t(`wizard.banner.${p}`, { mb: rules.maxMb });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkBanner(file);
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
      else setError(translateMessage(first ?? messages.unknownError));
    }
  };

  const hasBanner = Boolean(field.value);
  return (
    <Box component="section" aria-labelledby="job-banner-heading">
      <Typography id="job-banner-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('wizard.banner.label')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('wizard.banner.hint', { mb: rules.maxMb })}
      </Typography>
      {hasBanner && preview && (
        <Box
          component="img"
          src={preview}
          alt={t('wizard.banner.preview')}
          sx={{ display: 'block', width: '100%', maxWidth: 1000, aspectRatio: '4 / 1', objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', mb: 1.5 }}
        />
      )}
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<CloudUpload />} onClick={() => input.current?.click()} loading={uploading.isPending}>
          {hasBanner ? t('wizard.banner.change') : t('wizard.banner.upload')}
        </Button>
        {hasBanner && (
          <Button
            color="secondary"
            onClick={() => {
              field.onChange(null);
              setPreview(null);
              setError(undefined);
            }}
          >
            {t('wizard.banner.remove')}
          </Button>
        )}
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
