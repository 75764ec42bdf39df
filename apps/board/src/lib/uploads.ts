import { uploadRules } from '@hireline/contract/uploads';
import { uploadCandidateFile } from '@hireline/contract/board-candidates';
import { isApiError, upload } from './api-client';
import { errorText } from './forms';
import { formatBytes } from './format';
import i18n from './i18n';
import { translateError, translateMessage } from './messages';

/** What a candidate uploads: resumes and other documents (DESIGN §5: PDF, DOC, DOCX, RTF, TXT up to 10 MB). */
export type CandidateFilePurpose = 'resume' | 'document';

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** The file input's `accept`: extensions and types, so the picker offers the right files. */
export function acceptOf(purpose: CandidateFilePurpose): string {
  const rules = uploadRules[purpose];
  return [...rules.extensions.map((e) => `.${e}`), ...rules.mimes].join(',');
}

/** "PDF, DOC, DOCX, RTF or TXT, up to 10 MB." in the reader's language. */
export function rulesText(purpose: CandidateFilePurpose, language = i18n.language): string {
  const rules = uploadRules[purpose];
  const types = new Intl.ListFormat(language, { type: 'disjunction' }).format(rules.extensions.map((e) => e.toUpperCase()));
  return i18n.t('upload.rules', { types, size: formatBytes(rules.maxMb * 1024 * 1024, language), lng: language });
}

/**
 * Checks a picked file before it is sent, so a candidate hears at once rather than after a long upload. The API
 * checks again on the sniffed bytes; its answer is shown as sent.
 */
export function checkFile(file: File, purpose: CandidateFilePurpose): string | null {
  const rules = uploadRules[purpose];
  if (file.size === 0) return i18n.t('upload.empty');
  if (!(rules.extensions as readonly string[]).includes(extensionOf(file.name))) return i18n.t('upload.wrongType', { rules: rulesText(purpose) });
  if (file.size > rules.maxMb * 1024 * 1024) return i18n.t('upload.tooLarge', { size: formatBytes(rules.maxMb * 1024 * 1024, i18n.language) });
  return null;
}

export function uploadCandidate(file: File, purpose: CandidateFilePurpose) {
  return upload(uploadCandidateFile, { purpose, file });
}

/**
 * What a refused upload says: the API's message on the file (its types, or its limit in MB, spec §5) in the reader's
 * language, rather than the general "The given data was invalid."; any other failure as usual.
 */
export function uploadErrorText(error: unknown): string {
  const message = isApiError(error) ? error.errors.file?.[0] : undefined;
  if (!isApiError(error) || !message) return errorText(error);
  const coded = error.errorCodes.file?.[0];
  return coded && coded.code !== 'unknown' ? translateError({ ...coded, message }) : translateMessage(message);
}
