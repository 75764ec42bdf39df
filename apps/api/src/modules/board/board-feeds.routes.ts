import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import * as feeds from './board-feeds.service';

/** Crawlers and aggregators poll these; a few minutes' staleness spares the database their schedules. */
const FEED_CACHE = 'public, max-age=300';

const send = (reply: FastifyReply, type: string, body: string | Readable, cache: string) =>
  reply.code(200).type(type).header('cache-control', cache).send(body);

/**
 * Files at the root of the board's host, where crawlers look for them. They are plain routes rather than contract
 * endpoints: they answer XML and text, and they are not under /portal. Portal and board share one process, and when
 * the portal is served (platform/web.ts) its static files answer `/*` and its SPA fallback every other unknown path:
 * these exact paths still win, because Fastify's router prefers a static path over the static plugin's wildcard
 * whatever the order, and the SPA fallback is the not-found handler, which never sees a path that has a route.
 * They are also registered before the portal in buildServer, and board-feeds.test.ts checks it against a built portal.
 */
export function boardFeedRoutes(app: FastifyInstance, deps: AppDeps) {
  const hidden = { schema: { hide: true } };

  app.get('/feed.xml', hidden, async (req, reply) => {
    const board = await feeds.requireBoard(deps, req);
    return send(reply, 'application/xml; charset=utf-8', Readable.from(feeds.jobFeed(deps, board)), FEED_CACHE);
  });

  app.get('/sitemap.xml', hidden, async (req, reply) => {
    const board = await feeds.requireBoard(deps, req);
    return send(reply, 'application/xml; charset=utf-8', await feeds.sitemap(deps, board), FEED_CACHE);
  });

  // Not rate-limited: a search engine that is refused robots.txt stops crawling the whole host.
  app.get('/robots.txt', hidden, async (req, reply) =>
    send(reply, 'text/plain; charset=utf-8', feeds.robotsTxt(await feeds.boardOfHost(deps, req)), 'public, max-age=3600'),
  );
}
