import type { FastifyInstance } from 'fastify';
import { downloadFile, uploadFile } from '@hireline/contract/uploads';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { verifyFileSignature } from '../../platform/files';
import { contentDisposition } from '../../platform/reply';
import { route } from '../../platform/route';
import { findFile } from './uploads.repo';
import { storeUpload } from '../../platform/uploads';

export function uploadRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, uploadFile, ({ auth, req, scope }) =>
    storeUpload(deps, req, { ownerUserId: auth.user.id, accountId: scope.accountId }),
  );

  // Files are reached through URLs the API signed for someone allowed to see them (see platform/files.ts).
  // Registered by hand because it answers raw bytes, not JSON; its access is the contract's.
  app.get(
    `/portal${downloadFile.path}`,
    { config: { access: downloadFile.access }, schema: { hide: true } },
    async (req, reply) => {
      const params = downloadFile.params!.safeParse(req.params);
      const query = downloadFile.query!.safeParse(req.query);
      if (!params.success || !query.success) throw notFound();
      const { id } = params.data;
      if (!verifyFileSignature(deps.config.appSecret, id, query.data.expires, query.data.signature)) throw notFound();
      const file = await findFile(deps.db, id);
      const bytes = file && (await deps.storage.get(file.storageKey));
      if (!file || !bytes) throw notFound();
      const inline = file.mime.startsWith('image/') || file.mime === 'application/pdf';
      return reply
        .header('content-type', file.mime)
        .header('x-content-type-options', 'nosniff')
        // Never in a shared cache; the browser asks again each time, so a revoked or replaced file is not shown.
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.originalName))
        .send(bytes);
    },
  );
}
