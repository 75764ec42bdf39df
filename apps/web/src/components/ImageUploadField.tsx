import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messages } from '@hireline/contract/messages';
import { uploadFile, uploadRules } from '@hireline/contract/uploads';
import { isApiError } from '../lib/api-client';
import { upload } from '../lib/api-files';
import { translateError, translateFieldError, translateMessage } from '../lib/messages';
import { BannerShapeWarning, useBannerShape } from './BannerShapeWarning';
import { UserAvatar } from './UserAvatar';
import { visuallyHidden } from './visually-hidden';

/** The upload purposes that are images (the contract gives them all PNG, JPEG or WEBP up to 5 MB). */
export type ImagePurpose = 'logo' | 'banner' | 'avatar';
export type ImageProblem = 'wrongType' | 'tooLarge' | 'empty';
/** What an upload gives back: the file's id to attach (null when the endpoint attached it itself) and its address. */
export interface UploadedImage {
  id: string | null;
  url: string;
}

/**
 * The API's rules for `purpose` (it decides on the file's bytes), checked first so a wrong or huge file is refused
 * before it is sent. Some browsers give no type for some files, which are then judged by their name.
 */
export function checkImage(file: File, purpose: ImagePurpose): ImageProblem | null {
  const rules = uploadRules[purpose];
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = file.type
    ? (rules.mimes as readonly string[]).includes(file.type)
    : (rules.extensions as readonly string[]).includes(extension);
  if (!typeOk) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > rules.maxMb * 1024 * 1024) return 'tooLarge';
  return null;
}

/**
 * For a form that holds only the upload's id (`logo_file_id`, `banner_file_id`): the field's props, with the image's
 * address kept here for the preview, from `currentUrl` (the saved image) until another is uploaded. Nothing is shown
 * once the form holds no id, so a reset to an empty value hides an upload that was not saved.
 */
export function useImageIdField<T extends FieldValues, O = T>(
  control: Control<T, unknown, O>,
  name: Path<T>,
  currentUrl: string | null,
) {
  const { field, fieldState } = useController({ control, name });
  const [url, setUrl] = useState(currentUrl);
  return {
    url: field.value ? url : null,
    onChange: (image: UploadedImage | null) => {
      field.onChange(image?.id ?? null);
      setUrl(image?.url ?? null);
    },
    /** The form's message for the field, for the caller to translate. */
    message: fieldState.error?.message,
  };
}

const PREVIEW = {
  round: { width: 96, height: 96, borderRadius: '50%', objectFit: 'cover' },
  square: { width: 96, height: 96, borderRadius: 1, objectFit: 'contain' },
  wide: { width: '100%', maxWidth: 500, aspectRatio: '4 / 1', borderRadius: 1, objectFit: 'cover' },
} as const;

export interface ImageUploadFieldProps {
  /** The visible heading, which also names the field's section. */
  label: string;
  /** Under the heading and read with the upload button: accepted types, size, recommended dimensions. */
  hint?: string;
  /** Chooses the API's rules and, unless `upload` is given, the purpose sent to `uploadFile`. */
  purpose: ImagePurpose;
  /** `round` for a person (initials when there is no picture), `square` for a logo or icon, `wide` for a 4:1 banner. */
  shape: keyof typeof PREVIEW;
  /** The image shown now, or null for none. */
  url: string | null;
  /** Round only: whose initials stand in for a missing picture. */
  name?: string;
  /** `preview` is the image's alt text; `remove` should say what goes ("Remove logo"), as it is the button's name. */
  texts: { upload: string; change: string; remove: string; preview: string };
  /** Told the uploaded image, or null once removed. */
  onChange: (image: UploadedImage | null) => void;
  /** Uploads somewhere else than `uploadFile` (the user's own avatar endpoint). */
  upload?: (file: File) => Promise<UploadedImage>;
  /** Removes on the server first (the avatar); without it removing only tells `onChange`, and the form saves it. */
  remove?: () => Promise<void>;
  /** The form's message for this field, already in the reader's language. */
  error?: string;
  /** `h2` when the field is a section of its own on the page, `h3` inside a titled part of a form. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * Pick an image, upload it at once, preview it, remove it. The hidden file input is opened by a real button, so
 * keyboard and screen-reader users reach it; the file is checked against the API's rules before it is sent.
 */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string>();
  const { purpose, texts } = props;
  const rules = uploadRules[purpose];
  // A wide field is a banner: its shape is checked after each upload (banner-image.ts).
  const bannerShape = useBannerShape(props.shape === 'wide');

  const problemText = (p: ImageProblem) =>
    p === 'empty' ? translateMessage(messages.fileEmpty) : t(`imageUpload.${p}`, { mb: rules.maxMb });
  // The API's file messages carry the allowed types and size: said in the reader's language like the checks above.
  const serverText = (err: unknown) => {
    if (!isApiError(err)) return translateMessage(messages.unknownError);
    const field = ['file', 'purpose'].find((f) => err.errors[f]?.[0]);
    const first = field ? err.errors[field]?.[0] : err.message;
    if (first === messages.fileType([...rules.extensions])) return problemText('wrongType');
    if (first === messages.fileTooLarge(rules.maxMb)) return problemText('tooLarge');
    return (field && translateFieldError(err, field)) || translateError(err);
  };
  // The busy button is disabled and the remove button goes once used: keep keyboard users on the field. Checked
  // after each commit rather than on a timer, because the remove button leaves the page only when the form's value
  // re-renders the field, which may come after this component's own update.
  const section = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  const keepFocus = () => {
    refocus.current = true;
  };
  useEffect(() => {
    if (!refocus.current) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) {
      refocus.current = false;
      uploadButton.current?.focus();
    } else if (!section.current?.contains(active) || active === uploadButton.current) {
      // The person moved elsewhere, or focus is already where it belongs.
      refocus.current = false;
    }
  });

  const sendFile = (file: File) =>
    props.upload
      ? props.upload(file)
      : upload(uploadFile, { data: { file, purpose } }).then((saved): UploadedImage => ({ id: saved.id, url: saved.url }));

  const uploadChecked = async (file: File) => {
    const found = checkImage(file, purpose);
    setProblem(found ? problemText(found) : undefined);
    if (found) return;
    setBusy('upload');
    try {
      props.onChange(await sendFile(file));
      await bannerShape.uploaded(file);
    } catch (err) {
      setProblem(serverText(err));
    } finally {
      setBusy(null);
      keepFocus();
    }
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    e.target.value = '';
    if (file) void uploadChecked(file);
  };

  const onRemove = async () => {
    bannerShape.clear();
    setProblem(undefined);
    setBusy('remove');
    try {
      await props.remove?.();
      props.onChange(null);
    } catch (err) {
      setProblem(serverText(err));
    } finally {
      setBusy(null);
      keepFocus();
    }
  };

  const { url, shape } = props;
  const message = problem ?? props.error;
  const frame = { ...PREVIEW[shape], display: 'block', flexShrink: 0, border: 1, borderColor: 'divider' } as const;
  const preview = url ? (
    <Box component="img" src={url} alt={texts.preview} sx={frame} />
  ) : shape === 'round' ? (
    <UserAvatar name={props.name || '?'} size={PREVIEW.round.width} />
  ) : (
    <Box sx={{ ...frame, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderStyle: 'dashed' }}>
      <Typography variant="caption" color="text.secondary">
        {t('imageUpload.none')}
      </Typography>
    </Box>
  );

  return (
    <Box component="section" ref={section} aria-labelledby={headingId} aria-busy={busy !== null}>
      <Typography
        id={headingId}
        variant={props.headingLevel === 'h2' ? 'h6' : 'subtitle1'}
        component={props.headingLevel ?? 'h3'}
        sx={{ fontWeight: 600, mb: props.hint ? 0 : 1.5 }}
      >
        {props.label}
      </Typography>
      {props.hint && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {props.hint}
        </Typography>
      )}
      <Stack
        direction={shape === 'wide' ? 'column' : { xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: shape === 'wide' ? 'stretch' : { sm: 'center' } }}
      >
        {preview}
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
          <Button
            ref={uploadButton}
            variant="outlined"
            startIcon={<CloudUploadOutlined />}
            onClick={() => input.current?.click()}
            loading={busy === 'upload'}
            disabled={busy === 'remove'}
            aria-describedby={props.hint ? hintId : undefined}
          >
            {url ? texts.change : texts.upload}
          </Button>
          {url && (
            <Button color="secondary" onClick={() => void onRemove()} loading={busy === 'remove'} disabled={busy === 'upload'}>
              {texts.remove}
            </Button>
          )}
        </Stack>
      </Stack>
      {/* The spinner in the button is not announced: this says that the upload is under way. */}
      <span role="status" style={visuallyHidden}>
        {busy === 'upload' ? t('imageUpload.uploading') : ''}
      </span>
      {url && bannerShape.size && (
        <BannerShapeWarning size={bannerShape.size} busy={busy !== null} onCrop={() => void bannerShape.crop(uploadChecked)} />
      )}
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
        onChange={onFile}
        tabIndex={-1}
        aria-hidden
        style={visuallyHidden}
      />
    </Box>
  );
}
