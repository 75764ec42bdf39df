import { errorResponse } from '@hireline/contract/common';
import { messages } from '@hireline/contract/messages';
import { downloadSeekerFile, exportSeeker, getSeeker } from '@hireline/contract/seekers';
import { ApiError, endpointUrl, enterpriseKey, request, saveBlob } from '../../lib/api-client';
import { session } from '../../lib/session';

/*
 * The API client parses every answer as JSON (and its CSV export saves straight to disk), so it has no call that
 * hands back a file's bytes. This is that call for seekers' documents: the same URL, token, enterprise and scope
 * headers as the client, and its ApiError on failure. When lib/api-client grows a blob request, use it instead.
 */
async function fetchFile(seekerId: string, fileId: string, disposition: 'inline' | 'attachment', signal?: AbortSignal): Promise<Blob> {
  const { token, scope } = session.get();
  const headers = new Headers({ Accept: '*/*', 'X-AF-EID': enterpriseKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (scope.accountId) headers.set('X-AF-AID', scope.accountId);
  if (scope.siteId) headers.set('X-AF-SID', scope.siteId);
  if (scope.employerId) headers.set('X-AF-EMPID', scope.employerId);
  let res: Response;
  try {
    res = await fetch(endpointUrl(downloadSeekerFile, { params: { uuid: seekerId, file: fileId }, query: { disposition } }), { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, messages.unknownError, {}, 'network_error');
  }
  if (res.ok) return res.blob();
  if (res.status === 401) {
    // What a 401 does (clear the session, say it expired, go to sign-in) belongs to the client: a request through
    // it with the same token meets the same 401 and does all of that once.
    await request(getSeeker, { params: { uuid: seekerId } }).catch(() => undefined);
  }
  const parsed = errorResponse.safeParse(await res.json().catch(() => null));
  throw new ApiError(res.status, parsed.success ? parsed.data.message : messages.unknownError);
}

/** A document's bytes to show in the page (`disposition=inline`). */
export const fetchSeekerFileInline = (seekerId: string, fileId: string, signal?: AbortSignal) => fetchFile(seekerId, fileId, 'inline', signal);

/** Saves a document under its own name. */
export async function downloadSeekerDocument(seekerId: string, file: { id: string; name: string }) {
  saveBlob(await fetchFile(seekerId, file.id, 'attachment'), file.name);
}

/** Everything held on the seeker (a privacy request), saved as `seeker-<profile id>.json`. */
export async function downloadSeekerExport(seekerId: string, profileId: string) {
  const data = await request(exportSeeker, { params: { uuid: seekerId } });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  // A profile id is the site's own format: keep the name a safe file name whatever it holds.
  saveBlob(blob, `seeker-${profileId.replace(/[^\w.-]+/g, '_')}.json`);
}
