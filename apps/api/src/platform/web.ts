import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

export interface WebRuntime {
  enterpriseKey: string;
  multiLanguage: boolean;
  /** Whether the development mail viewer answers, so the portal offers it only then. */
  mailViewer: boolean;
}

/** Answers a GET for a client-side route with the app's index.html; false when it is not this app's request. */
export type SpaFallback = (req: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;

/**
 * A built app's index.html with this deployment's enterprise key and language flag written into its meta tags, so
 * one build runs anywhere; null when the app has not been built.
 */
export function readIndex(distDir: string, runtime: WebRuntime): string | null {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  return readFileSync(indexFile, 'utf8')
    .replaceAll('%AF_EID%', escapeAttr(runtime.enterpriseKey))
    .replaceAll('%AF_MULTI_LANGUAGE%', String(runtime.multiLanguage))
    .replaceAll('%AF_MAIL_VIEWER%', String(runtime.mailViewer));
}

/**
 * Sends an app's page. Pages answer from the not-found handler, which @fastify/compress (a per-route hook) does not
 * reach, and a server-rendered board page is a few hundred KB of markup and styles: compressed here as that plugin
 * would (brotli at quality 4, else gzip, from 2 KB).
 */
export function sendHtml(reply: FastifyReply, html: string, status = 200) {
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const accepts = String(reply.request.headers['accept-encoding'] ?? '');
  if (Buffer.byteLength(html) < 2048) return reply.send(html);
  if (/\bbr\b/.test(accepts))
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/** Serves a built app's files under `prefix`; Vite fingerprints everything under assets/, so that may be cached forever. */
export async function serveStatic(app: FastifyInstance, distDir: string, prefix: string, decorateReply: boolean) {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix,
    index: false,
    wildcard: true,
    decorateReply,
    // The build writes .br and .gz copies of every text file (scripts/vite-precompress.ts); the one the browser
    // accepts is sent, the file itself otherwise.
    preCompressed: true,
    setHeaders(res, path) {
      if (path.startsWith(join(distDir, 'assets'))) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}

/**
 * Serves the built portal from the same process as the API: its files at `/`, and index.html for every unknown
 * non-API GET (client-side routes). Returns the fallback, or null when the portal has not been built.
 */
export async function registerPortal(app: FastifyInstance, distDir: string, runtime: WebRuntime): Promise<SpaFallback | null> {
  const index = readIndex(distDir, runtime);
  if (!index) return null;
  await serveStatic(app, distDir, '/', true);
  return (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    sendHtml(reply, index);
    return true;
  };
}
