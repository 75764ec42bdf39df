import type { FastifyInstance } from 'fastify';

/*
 * No shared cache, proxy or browser history keeps an answer that carries someone's data (DESIGN §10): every answer
 * of a contract endpoint that needs a caller (staff or candidate), or that a caller's token may have shaped, or that
 * is not a plain read (sign-in answers a token, registration and resets a verdict) is `no-store`. Public reads without
 * a token (branding, the board's jobs, health) keep whatever caching they had, and an answer that chose its own
 * Cache-Control (file downloads: `private, no-cache`; feeds) keeps it.
 */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    const access = req.routeOptions.config?.access;
    if (!access || reply.hasHeader('cache-control')) return;
    const publicRead = 'public' in access && (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization;
    if (!publicRead) reply.header('cache-control', 'no-store');
  });
}
