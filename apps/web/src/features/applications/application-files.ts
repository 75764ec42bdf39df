import { downloadApplicationFile } from '@hireline/contract/applications';
import { requestBlob } from '../../lib/api-files';

/** A document's bytes, to show in the page (`inline`) or save (`attachment`). */
export const fetchApplicationFile = (uuid: string, file: string, disposition: 'inline' | 'attachment', signal?: AbortSignal) =>
  requestBlob(downloadApplicationFile, { params: { uuid, file }, query: { disposition }, signal });
