import { z } from 'zod';
import { endpoint } from './endpoint';
import { uuid } from './common';
import { uploadPurposes } from './enums';

/** What each upload purpose accepts (DESIGN §5). The API enforces it on sniffed bytes. */
export const uploadRules = {
  resume: { mimes: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/rtf', 'text/plain'], extensions: ['pdf', 'doc', 'docx', 'rtf', 'txt'], maxMb: 10 },
  document: { mimes: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/rtf', 'text/plain'], extensions: ['pdf', 'doc', 'docx', 'rtf', 'txt'], maxMb: 10 },
  banner: { mimes: ['image/png', 'image/jpeg', 'image/webp'], extensions: ['png', 'jpg', 'jpeg', 'webp'], maxMb: 5 },
  logo: { mimes: ['image/png', 'image/jpeg', 'image/webp'], extensions: ['png', 'jpg', 'jpeg', 'webp'], maxMb: 5 },
  avatar: { mimes: ['image/png', 'image/jpeg', 'image/webp'], extensions: ['png', 'jpg', 'jpeg', 'webp'], maxMb: 5 },
} as const;

export const fileObject = z.object({
  id: uuid,
  purpose: z.enum(uploadPurposes),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
});

export const uploadFile = endpoint({
  method: 'POST',
  path: '/v1/forms/upload-file',
  summary: 'Upload one file (multipart field `file`, text field `purpose`); returns its id to attach',
  tags: ['uploads'],
  access: { subject: 'portal', action: 'access' },
  multipart: true,
  status: 201,
  response: fileObject,
});

export const downloadFile = endpoint({
  method: 'GET',
  path: '/v1/files/:id',
  summary: 'Download a file through a URL the API signed for someone allowed to see it',
  tags: ['uploads'],
  // The signature is the permission: URLs are only handed to callers who may see the file.
  access: { public: true },
  params: z.object({ id: uuid }),
  query: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(100) }),
  response: z.unknown(),
});
