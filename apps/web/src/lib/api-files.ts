import type { Endpoint, ParamsOf, ResponseOf } from '@hireline/contract/endpoint';
import { endpointUrl, fetchOk, send, type InputArgs, type Part, type RequestInput, type RequestOptions } from './api-client';

/*
 * Files through the API: uploads, a file's bytes, CSV exports and saving a download. Apart from api-client.ts because
 * only signed-in pages use them, and the API client is part of the login page's first download.
 */

export type MultipartInput<E> = Part<'params', ParamsOf<E>> &
  RequestOptions & { data: FormData | Record<string, string | Blob | undefined> };

/** Multipart variant for `multipart: true` endpoints (uploads); the browser sets the boundary header. */
export function upload<E extends Endpoint>(endpoint: E, input: MultipartInput<E>): Promise<ResponseOf<E>> {
  const { params, data, ...options } = input as { params?: unknown; data: MultipartInput<E>['data'] } & RequestOptions;
  let form: FormData;
  if (data instanceof FormData) form = data;
  else {
    form = new FormData();
    for (const [k, v] of Object.entries(data)) if (v !== undefined) form.append(k, v);
  }
  return send(endpoint, { method: endpoint.method, body: form }, endpointUrl(endpoint, { params }), options);
}

/**
 * A file endpoint's bytes, whatever their type, with the same token, scope headers and errors as {@link request}: what
 * a preview or a download needs, since the file URL alone in an <iframe> or a link would send neither.
 */
export async function requestBlob<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<RequestInput<E>>): Promise<Blob> {
  const { params, query, ...options } = (input ?? {}) as { params?: unknown; query?: unknown } & RequestOptions;
  const headers = { ...options.headers, Accept: '*/*' };
  const res = await fetchOk(endpoint, { method: endpoint.method }, endpointUrl(endpoint, { params, query }), { ...options, headers });
  return res.blob();
}

/**
 * A list endpoint's CSV export (`Accept: text/csv`, same URL, filters and scope headers as the list), saved through a
 * Blob link under the server's file name (Content-Disposition) or `filename`. The server streams the whole list, which
 * can take a while: the body is read piece by piece so `onProgress` can tell the bytes received so far, and the
 * input's `signal` cancels it.
 */
export async function downloadCsv<E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E>,
  filename: string,
  onProgress?: (bytes: number) => void,
): Promise<void> {
  const { params, query, ...options } = input as { params?: unknown; query?: unknown } & RequestOptions;
  const headers = { ...options.headers, Accept: 'text/csv' };
  const res = await fetchOk(endpoint, { method: 'GET' }, endpointUrl(endpoint, { params, query }), { ...options, headers });
  const name = dispositionFilename(res.headers.get('Content-Disposition')) ?? filename;
  if (!res.body) return saveBlob(await res.blob(), name);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress?.(bytes);
  }
  saveBlob(new Blob(parts as BlobPart[], { type: res.headers.get('Content-Type') ?? 'text/csv' }), name);
}

function dispositionFilename(header: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** Saves a Blob as a download: a temporary object URL on a hidden link, clicked and then released. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
