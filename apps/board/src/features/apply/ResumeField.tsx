import { useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { FileUploadButton, type UploadedFile } from '../../components/FileUploadButton';

export interface ResumeFieldProps {
  /** The resume on the candidate's profile, if any. */
  profileResume: UploadedFile | null;
  value: string | null;
  onChange: (fileId: string | null) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** Use the profile's resume or upload another for this application (checked here first, then by the API). */
export function ResumeField({ profileResume, value, onChange, error, inputRef }: ResumeFieldProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<'profile' | 'upload'>(profileResume ? 'profile' : 'upload');
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);

  const upload = (
    <Stack spacing={1}>
      {uploaded && value === uploaded.id && (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
          <CheckCircleIcon color="success" fontSize="small" />
          {t('apply.uploaded', { name: uploaded.name })}
        </Typography>
      )}
      <FileUploadButton
        purpose="resume"
        label={uploaded ? t('apply.replaceResume') : t('apply.uploadResume')}
        error={error}
        buttonRef={profileResume ? undefined : inputRef}
        onUploaded={(file) => {
          setUploaded(file);
          onChange(file.id);
        }}
      />
      {/* The API keeps the resume sent with an application on the profile: say so before it replaces one. */}
      <Typography variant="body2" color="text.secondary">
        {t('apply.resumeKept')}
      </Typography>
    </Stack>
  );

  if (!profileResume)
    return (
      <Box>
        <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
          {t('apply.resume')}
          <Box component="span" aria-hidden="true">
            {' *'}
          </Box>
        </Typography>
        {upload}
      </Box>
    );

  return (
    <FormControl component="fieldset" required error={Boolean(error) && choice === 'profile'}>
      <FormLabel component="legend" sx={{ color: 'text.primary', typography: 'h3', mb: 1 }}>
        {t('apply.resume')}
      </FormLabel>
      <RadioGroup
        value={choice}
        onChange={(e) => {
          const next = e.target.value as 'profile' | 'upload';
          setChoice(next);
          onChange(next === 'profile' ? profileResume.id : (uploaded?.id ?? null));
        }}
      >
        <FormControlLabel
          value="profile"
          control={<Radio slotProps={{ input: { ref: inputRef } }} />}
          label={
            <span>
              {t('apply.useProfileResume')}{' '}
              <Link href={profileResume.url} target="_blank" rel="noopener noreferrer">
                {profileResume.name}
              </Link>
            </span>
          }
        />
        <FormControlLabel value="upload" control={<Radio />} label={t('apply.useNewResume')} />
      </RadioGroup>
      {choice === 'upload' && <Box sx={{ mt: 1, pl: 4 }}>{upload}</Box>}
      {error && choice === 'profile' && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
