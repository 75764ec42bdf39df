import { errorResponse } from '@hireline/contract/common';
import { downloadApplicationFile } from '@hireline/contract/applications';
import { messages } from '@hireline/contract/messages';
import { ApiError, endpointUrl, enterpriseKey, request } from '../../lib/api-client';
import { session } from '../../lib/session';

/*
 * A document's bytes, through the same authenticated request as every API call (token and scope headers): the
 * file URL alone cannot be put in an <iframe> or a link, since the browser would send neither. The typed client
 * only reads JSON and CSV; until it reads blobs too, this mirrors its headers and error shape.
 */
export async function fetchApplicationFile(
  uuid: string,
  file: string,
  disposition: 'inline' | 'attachment',
  signal?: AbortSignal,
): Promise<Blob> {
  const input = { params: { uuid, file }, query: { disposition } };
  const { token, scope } = session.get();
  const headers = new Headers({ Accept: '*/*', 'X-AF-EID': enterpriseKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (scope.accountId) headers.set('X-AF-AID', scope.accountId);
  if (scope.siteId) headers.set('X-AF-SID', scope.siteId);
  if (scope.employerId) headers.set('X-AF-EMPID', scope.employerId);
  let res: Response;
  try {
    res = await fetch(endpointUrl(downloadApplicationFile, input), { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, messages.unknownError, {}, 'network_error');
  }
  if (res.status === 401) {
    // What a 401 does (sign out, say the session expired, go to the sign-in page) belongs to the API client: the
    // same request through it does all of that, rather than a second copy of the rules here.
    await request(downloadApplicationFile, { ...input, signal });
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const parsed = errorResponse.safeParse(body);
    throw new ApiError(res.status, parsed.success ? parsed.data.message : messages.unknownError);
  }
  return res.blob();
}
