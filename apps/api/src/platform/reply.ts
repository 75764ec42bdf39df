import { can, type Subject } from '@hireline/access/ability';
import { csvStream } from './csv-stream';
import { forbidden } from './errors';
import type { AuthedContext } from './route';

/*
 * Answers that are not the route's JSON: CSV exports and stored files. They are sent raw, so the response schema's
 * serializer does not apply; the `as never` lets a handler return them in place of its typed body.
 */

/**
 * A list endpoint answers `Accept: text/csv` with the filtered list as a dated attachment named after the subject (DESIGN §4), for callers
 * who may export that subject; everyone else gets the JSON page. `opts.csv` asks for the export without the header
 * (an endpoint's `?format=csv`, for a plain link). An export given as pieces of text (platform/csv-stream.ts) is streamed
 * with backpressure: the whole list, never more than one batch of it in memory.
 */
export async function listOrCsv<T>(
  ctx: AuthedContext,
  subject: Subject,
  list: () => Promise<T>,
  csv: () => Promise<string | AsyncIterable<string>>,
  opts: { csv?: boolean } = {},
): Promise<T> {
  if (!opts.csv && !/\btext\/csv\b/i.test(ctx.req.headers.accept ?? '')) return list();
  if (!can(ctx.ability, 'export', subject)) throw forbidden();
  const body = await csv();
  const day = new Date().toISOString().slice(0, 10);
  return ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', `${subject}-${day}.csv`))
    .header('cache-control', 'private, no-store')
    .send(typeof body === 'string' ? body : csvStream(body)) as never;
}

/**
 * `Content-Disposition` (RFC 6266) for a file name: a plain ASCII `filename` for old clients (quotes, backslashes,
 * control and non-ASCII characters replaced), and, unless the name is made only of letters, digits, `.`, `_` and `-`
 * (already exact in the plain form), the exact name as RFC 5987 `filename*`, percent-encoding everything outside
 * attr-char (encodeURIComponent leaves `'()*` as they are, and `'` delimits the charset).
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  if (/^[A-Za-z0-9._-]+$/.test(name)) return `${disposition}; filename="${name}"`;
  const fallback = [...name].map((c) => (c >= ' ' && c <= '~' && c !== '"' && c !== '\\' ? c : '_')).join('') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A private document (resume, certificate): never cached by a browser or proxy, never sniffed into something runnable. */
export function sendPrivateFile(ctx: AuthedContext, file: { mime: string; name: string; bytes: Buffer }, disposition: 'inline' | 'attachment') {
  return ctx.reply
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition(disposition, file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes) as never;
}
