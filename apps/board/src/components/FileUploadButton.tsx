import { useId, useRef, useState, type Ref } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { z } from 'zod';
import type { fileObject } from '@hireline/contract/uploads';
import { acceptOf, checkFile, rulesText, uploadCandidate, uploadErrorText, type CandidateFilePurpose } from '../lib/uploads';

export type UploadedFile = z.infer<typeof fileObject>;

export interface FileUploadButtonProps {
  purpose: CandidateFilePurpose;
  label: string;
  onUploaded: (file: UploadedFile) => void;
  /** An error of the form field this upload fills (e.g. "Please attach your resume."). */
  error?: string;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  /** The form library's ref, so a submit with this field in error focuses the button. */
  buttonRef?: Ref<HTMLButtonElement | HTMLInputElement>;
}

/**
 * A button that picks a file, checks its type and size here first, then uploads it. The hidden input is clicked by
 * a real button, so the control is reachable and operable by keyboard; the rules and any error are tied to the
 * button with aria-describedby.
 */
export function FileUploadButton({ purpose, label, onUploaded, error, variant = 'outlined', disabled, buttonRef }: FileUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const shown = problem ?? error;

  async function onPick(file: File | undefined) {
    if (input.current) input.current.value = ''; // picking the same file again must fire again
    if (!file) return;
    const local = checkFile(file, purpose);
    setProblem(local ?? undefined);
    if (local) return;
    setPending(true);
    try {
      onUploaded(await uploadCandidate(file, purpose));
    } catch (e) {
      setProblem(uploadErrorText(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <input
        ref={input}
        type="file"
        accept={acceptOf(purpose)}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void onPick(e.target.files?.[0])}
      />
      <Button
        ref={buttonRef as Ref<HTMLButtonElement>}
        variant={variant}
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
        loading={pending}
        loadingPosition="start"
        disabled={disabled}
        aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
        aria-invalid={shown ? true : undefined}
      >
        {label}
      </Button>
      <FormHelperText id={hintId} sx={{ mx: 0 }}>
        {rulesText(purpose)}
      </FormHelperText>
      {shown && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 0 }}>
          {shown}
        </FormHelperText>
      )}
    </Stack>
  );
}
