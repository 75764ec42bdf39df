import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * Serves the built portal from the same process as the API. index.html is
 * served for every unknown non-API path (client-side routes) with this
 * deployment's enterprise key and language flag written into its meta tags, so one build runs anywhere.
 * Returns the fallback, or null when the portal has not been built.
 */
export async function registerPortal(
  app: FastifyInstance,
  distDir: string,
  runtime: { enterpriseKey: string; multiLanguage: boolean },
) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const index = readFileSync(indexFile, 'utf8')
    .replaceAll('%AF_EID%', escapeAttr(runtime.enterpriseKey))
    .replaceAll('%AF_MULTI_LANGUAGE%', String(runtime.multiLanguage));
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    setHeaders(res, path) {
      // Vite fingerprints everything under assets/, so it may be cached forever.
      if (path.startsWith(join(distDir, 'assets'))) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  // The static plugin answers a bare directory with 403; the root is the portal's home route.
  app.get('/', (_req, reply) => sendIndex(reply));
  return (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    sendIndex(reply);
    return true;
  };
}
