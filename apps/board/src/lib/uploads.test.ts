import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { ApiError } from './api-client';
import i18n from './i18n';
import { uploadErrorText } from './uploads';

describe('uploadErrorText', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it("says the file's own refusal, with its limit or types, not the general one", async () => {
    const types = messages.fileType(['pdf', 'doc', 'docx', 'rtf', 'txt']);
    const wrongType = new ApiError(422, messages.givenDataInvalid, { file: [types] });
    expect(uploadErrorText(wrongType)).toBe(types);
    const tooLarge = new ApiError(413, messages.fileTooLarge(10), { file: [messages.fileTooLarge(10)] }, 'file_too_large', undefined, { mb: 10 });
    expect(uploadErrorText(tooLarge)).toBe('The file may not be greater than 10 MB.');
    await i18n.changeLanguage('fr');
    expect(uploadErrorText(tooLarge)).toContain('10');
    expect(uploadErrorText(tooLarge)).not.toBe('The file may not be greater than 10 MB.');
  });

  it('falls back to the answer itself when no file error is named', () => {
    expect(uploadErrorText(new ApiError(429, messages.tooManyRequests))).toBe(messages.tooManyRequests);
  });
});
