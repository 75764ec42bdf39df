import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../platform/errors';
import { escapeAttr, readIndex, sendHtml, serveStatic, type SpaFallback, type WebRuntime } from '../../platform/web';
import { findBoard, type Board } from './board-host.service';
import * as service from './board.service';

/*
 * The job board app (apps/board) from the same process: its files under /_board/ (its Vite base, apart from the
 * portal's), and its index.html for every page of a host that is a site's board. A job's page gets its title,
 * description and schema.org JobPosting in the HTML itself, so crawlers that do not run scripts (and Google's first
 * pass) read them; the app replaces the same `#job-posting-ld` element as the visitor moves between jobs.
 */

export const BOARD_ASSETS = '/_board/';

const JOB_PAGE = /^\/jobs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?.*)?$/i;

/** JSON inside a <script>: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

async function jobHead(deps: AppDeps, board: Board, id: string): Promise<string | null> {
  try {
    const job = await service.getJob(deps, board, id);
    const description = job.summary.slice(0, 300);
    return [
      `<title>${escapeAttr(`${job.title} · ${board.site.name}`)}</title>`,
      `<meta name="description" content="${escapeAttr(description)}" />`,
      `<meta property="og:title" content="${escapeAttr(job.title)}" />`,
      `<meta property="og:description" content="${escapeAttr(description)}" />`,
      `<link rel="canonical" href="${escapeAttr(`${board.origin}/jobs/${job.id}`)}" />`,
      `<script type="application/ld+json" id="job-posting-ld">${scriptJson(job.json_ld)}</script>`,
    ].join('\n    ');
  } catch (err) {
    // Not live (any more): the app shows its own not-found page.
    if (err instanceof HttpError) return null;
    throw err;
  }
}

/** Registers the board's files and returns its fallback, or null when the board has not been built. */
export async function registerBoardApp(app: FastifyInstance, deps: AppDeps, distDir: string, runtime: WebRuntime): Promise<SpaFallback | null> {
  const index = readIndex(distDir, runtime);
  if (!index) return null;
  await serveStatic(app, distDir, BOARD_ASSETS, false);
  return async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const enterprise = await deps.resolveEnterprise(deps.config.enterpriseKey).catch(() => null);
    const board = enterprise && (await findBoard(deps, req, enterprise.id));
    if (!board) return false;
    const job = JOB_PAGE.exec(req.url);
    const head = job ? await jobHead(deps, board, job[1]!) : null;
    const withoutTitle = index.replace(/<title>[^<]*<\/title>/, '');
    sendHtml(reply, withoutTitle.replace('</head>', `  ${head ?? `<title>${escapeAttr(board.site.name)}</title>`}\n  </head>`));
    return true;
  };
}
