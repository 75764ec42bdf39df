import { downloadSeekerFile, exportSeeker } from '@hireline/contract/seekers';
import { request } from '../../lib/api-client';
import { requestBlob, saveBlob } from '../../lib/api-files';

/** A document's bytes, to show in the page (`inline`) or save (`attachment`). */
export const fetchSeekerFile = (seekerId: string, fileId: string, disposition: 'inline' | 'attachment', signal?: AbortSignal) =>
  requestBlob(downloadSeekerFile, { params: { uuid: seekerId, file: fileId }, query: { disposition }, signal });

/** Everything held on the seeker (a privacy request), saved as `seeker-<profile id>.json`. */
export async function downloadSeekerExport(seekerId: string, profileId: string) {
  const data = await request(exportSeeker, { params: { uuid: seekerId } });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  // A profile id is the site's own format: keep the name a safe file name whatever it holds.
  saveBlob(blob, `seeker-${profileId.replace(/[^\w.-]+/g, '_')}.json`);
}
