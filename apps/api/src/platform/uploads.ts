import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { uuidv7 } from 'uuidv7';
import { uploadPurposes, type UploadPurpose } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { uploadRules } from '@hireline/contract/uploads';
import type { AppDeps } from '../deps';
import { files } from '../db/schema/platform';
import { HttpError, invalid } from './errors';
import { signedFileUrl } from './files';
import { messageCatalog as codes } from '@hireline/contract/message-codes';

/*
 * Every upload of the portal and the board: multipart with one `file`, its type decided from the bytes and its size
 * checked per purpose (DESIGN §5), stored under a key of ours and recorded in `files` with who owns it.
 */

/** The largest of all purposes' limits; each purpose's own limit is checked after reading. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(uploadRules).map((r) => r.maxMb)) * 1024 * 1024;

interface Received {
  fields: Record<string, string>;
  file: { filename: string; bytes: Buffer } | null;
}

/** The limit to name when the reader stops at MAX_UPLOAD_BYTES: the purpose's, once known, else the largest. */
function limitMbFor(purpose: string | undefined) {
  const rule = purpose && Object.hasOwn(uploadRules, purpose) ? uploadRules[purpose as UploadPurpose] : null;
  return rule ? rule.maxMb : MAX_UPLOAD_BYTES / 1024 / 1024;
}

/** Reads a multipart body: text fields and one file named `file`. `purpose` is the route's own, if it fixes one. */
async function receive(req: FastifyRequest, purpose?: UploadPurpose): Promise<Received> {
  if (!req.isMultipart()) throw new HttpError(415, codes.unsupported_media_type);
  const out: Received = { fields: {}, file: null };
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw invalid({ [part.fieldname]: [codes.not_allowed] });
        }
        out.file = { filename: part.filename, bytes: await part.toBuffer() };
      } else {
        out.fields[part.fieldname] = String(part.value).slice(0, 200);
      }
    }
  } catch (err) {
    // The multipart reader's limits, said in words; the size limit keeps its own (platform/errors.ts).
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      // Spec §5: the answer states the field's maximum, not only that the body was too large.
      const tooLarge = messages.fileTooLarge(limitMbFor(purpose ?? out.fields.purpose));
      throw new HttpError(413, tooLarge, { file: [tooLarge] });
    }
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, codes['uploads.one_file']);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, codes['uploads.too_many_fields']);
    // Our own refusals and the reader's other errors keep their status; the parser's bare errors (a body cut short, no
    // or the wrong boundary) are a malformed request, not a fault of the server.
    if (err instanceof HttpError || typeof (err as { statusCode?: unknown } | null)?.statusCode === 'number') throw err;
    throw new HttpError(400, codes.invalid_multipart);
  }
  return out;
}

/** Decides the type from the bytes; the client's name and Content-Type are never trusted. */
async function sniff(bytes: Buffer, purpose: UploadPurpose, filename: string): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const allowed: readonly string[] = uploadRules[purpose].mimes;
  if (detected) {
    // Old Word documents are compound files; accept them only as .doc.
    if (detected.mime === 'application/x-cfb' && /\.doc$/i.test(filename)) return allowed.includes('application/msword') ? 'application/msword' : null;
    return allowed.includes(detected.mime) ? detected.mime : null;
  }
  // Plain text has no signature: accept it only if it really is text, and not markup a browser would render as a page.
  if (allowed.includes('text/plain') && !bytes.includes(0) && isUtf8(bytes) && !looksLikeMarkup(bytes)) return 'text/plain';
  return null;
}

/**
 * HTML, XML or SVG by how it starts, after any BOM and white space: the leading tags by which browsers sniff a page
 * (WHATWG MIME Sniffing, "identifying a resource with an unknown MIME type"), plus `<svg`. Such a file is not the plain
 * text it would be stored as, whatever its name.
 */
function looksLikeMarkup(bytes: Buffer) {
  const start = bytes.subarray(0, 512).toString('utf8');
  return /^\ufeff?[\t\n\f\r ]*<(?:\?xml|!--|!doctype\s+html|(?:html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg)(?=[\s>/]|$))/i.test(start);
}

function isUtf8(bytes: Buffer) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Controls that reorder or hide what follows them: bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), direction marks (U+200E, U+200F, U+061C), zero-width characters and the byte-order mark. In a file
 * name they disguise its type (`cv\u202Efdp.exe.txt` shows as "cvtxt.exe.pdf"), and no honest name needs them.
 */
const disguising = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u061c\ufeff]/gu;

/** C0 and C1 control characters and DEL. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/** The name a file is shown and downloaded under: its last path segment, printable, undisguised, at most 200 characters. */
export function safeName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const printable = [...base.replace(disguising, '')].filter((c) => !isControl(c.charCodeAt(0)) && c !== '"').join('');
  return printable.trim().slice(0, 200) || 'file';
}

export async function storeUpload(
  deps: AppDeps,
  req: FastifyRequest,
  opts: {
    purpose?: UploadPurpose;
    /** Purposes the caller may ask for in the `purpose` field (a candidate: resume and document only). */
    allowed?: readonly UploadPurpose[];
    ownerUserId?: string | null;
    ownerSeekerId?: string | null;
    accountId: string | null;
  },
) {
  const { fields, file } = await receive(req, opts.purpose);
  const purpose = opts.purpose ?? (fields.purpose as UploadPurpose | undefined);
  if (!purpose || !(opts.allowed ?? uploadPurposes).includes(purpose)) {
    throw invalid({ purpose: [purpose ? messages.invalid : messages.required] });
  }
  if (!file) throw invalid({ file: [messages.required] });
  const rule = uploadRules[purpose];
  if (file.bytes.length === 0) throw invalid({ file: [messages.fileEmpty] });
  if (file.bytes.length > rule.maxMb * 1024 * 1024) throw invalid({ file: [messages.fileTooLarge(rule.maxMb)] });
  const mime = await sniff(file.bytes, purpose, file.filename);
  if (!mime) throw invalid({ file: [messages.fileType([...rule.extensions])] });

  const id = uuidv7();
  // The storage key is ours alone: the user's file name never reaches the file system.
  const storageKey = `${id.slice(0, 2)}/${id}`;
  await deps.storage.put(storageKey, file.bytes);
  const name = safeName(file.filename);
  await deps.db.insert(files).values({
    id,
    accountId: opts.accountId,
    ownerUserId: opts.ownerUserId ?? null,
    ownerSeekerId: opts.ownerSeekerId ?? null,
    purpose,
    storageKey,
    originalName: name,
    mime,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  });
  return { id, purpose, name, mime, size: file.bytes.length, url: signedFileUrl(deps.config.appSecret, id) };
}
