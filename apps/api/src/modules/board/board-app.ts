import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../platform/errors';
import { escapeAttr, readIndex, sendHtml, serveStatic, type SpaFallback, type WebRuntime } from '../../platform/web';
import { findBoard, type Board } from './board-host.service';
import { wasOnBoard } from './board-jobs.repo';
import { loadBoardRenderer, renderBoardPage, type RenderedPage } from './board-ssr';
import * as service from './board.service';

/*
 * The job board app (apps/board) from the same process: its files under /_board/ (its Vite base, apart from the
 * portal's), and its index.html for every page of a host that is a site's board. A job's page gets its title,
 * description and schema.org JobPosting in the HTML itself, so crawlers that do not run scripts (and Google's first
 * pass) read them; the app replaces the same `#job-posting-ld` element as the visitor moves between jobs.
 *
 * The search pages and a live job's page are also rendered here (board-ssr.ts), so they paint before any script
 * runs; the app then takes the page over (hydrates) from the state rendered with it.
 */

export const BOARD_ASSETS = '/_board/';

const JOB_PAGE = /^\/jobs\/([^/?]+)\/?(?:\?.*)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** JSON inside a <script>: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

interface JobPage {
  status: 200 | 404 | 410;
  head: string | null;
}

async function jobPage(deps: AppDeps, board: Board, id: string): Promise<JobPage> {
  if (!UUID.test(id)) return { status: 404, head: null };
  try {
    const job = await service.getJob(deps, board, id);
    const description = job.summary.slice(0, 300);
    const head = [
      `<title>${escapeAttr(`${job.title} · ${board.site.name}`)}</title>`,
      `<meta name="description" content="${escapeAttr(description)}" />`,
      `<meta property="og:title" content="${escapeAttr(job.title)}" />`,
      `<meta property="og:description" content="${escapeAttr(description)}" />`,
      `<link rel="canonical" href="${escapeAttr(`${board.origin}/jobs/${job.id}`)}" />`,
      `<script type="application/ld+json" id="job-posting-ld">${scriptJson(job.json_ld)}</script>`,
    ].join('\n    ');
    return { status: 200, head };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // Not live: 410 for an advert that was public here (search engines drop it at once), 404 for one that never was.
    // The app shows its own page, which offers the board's search.
    const gone = await wasOnBoard(deps.db, board.site, new Date(), id);
    return { status: gone ? 410 : 404, head: null };
  }
}

/**
 * What a page for a job that is not here says without scripts (crawlers, a blocked bundle): that it is not, and the
 * board's search. The app replaces the root's content when it starts, so browsers see its own page instead.
 */
function missingJobBody(board: Board, status: 404 | 410): string {
  const t = missingTexts[(board.site.locale ?? 'en').slice(0, 2).toLowerCase() as keyof typeof missingTexts] ?? missingTexts.en;
  return `<noscript><main>
      <h1>${escapeAttr(status === 410 ? t.gone : t.notFound)}</h1>
      <form action="/jobs" method="get" role="search"><input type="search" name="q" aria-label="${escapeAttr(t.search)}" /> <button type="submit">${escapeAttr(t.search)}</button></form>
    </main></noscript>`;
}

const missingTexts = {
  en: { gone: 'This job is no longer available', notFound: 'This job could not be found', search: 'Search jobs' },
  fr: { gone: 'Cette offre n’est plus disponible', notFound: 'Cette offre est introuvable', search: 'Rechercher des offres' },
  ar: { gone: 'هذه الوظيفة لم تعد متاحة', notFound: 'تعذر العثور على هذه الوظيفة', search: 'ابحث عن وظائف' },
} as const;

/**
 * The server-rendered page in place of the loader, its styles and state in <head>, its language on <html>, and its
 * title as the app names it (the app may not run before the visitor uses the page: ADR 022).
 */
function withRendered(html: string, page: RenderedPage): string {
  const titled = page.title ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(page.title!)}</title>`) : html;
  return titled
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${escapeAttr(page.language)}" dir="${page.dir === 'rtl' ? 'rtl' : 'ltr'}">`)
    .replace('</head>', `  ${page.head}\n  </head>`)
    .replace(/<!--app-->[\s\S]*?<!--\/app-->/, () => page.html);
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/_board\/([\w./-]+\.css)"\s*\/?>/g;

/**
 * The board's page with its stylesheets (the fonts' faces, the loader's: a few KB) written into it, for the pages
 * rendered here. A page that is whole as HTML should paint as soon as it arrives; a linked stylesheet would make the
 * browser wait for another request first (on a phone's network, most of the time to first paint). The pages the
 * app renders keep the links, which the browser caches.
 */
export function withInlineStyles(index: string, distDir: string): string {
  return index.replace(STYLESHEET, (link, file: string) => {
    const path = normalize(join(distDir, file));
    if (!path.startsWith(normalize(distDir)) || !existsSync(path)) return link;
    return `<style>${readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** Registers the board's files and returns its fallback, or null when the board has not been built. */
export async function registerBoardApp(app: FastifyInstance, deps: AppDeps, distDir: string, runtime: WebRuntime): Promise<SpaFallback | null> {
  const index = readIndex(distDir, runtime);
  if (!index) return null;
  const renderedIndex = withInlineStyles(index, distDir);
  const renderer = await loadBoardRenderer(distDir);
  await serveStatic(app, distDir, BOARD_ASSETS, false);
  return async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const enterprise = await deps.resolveEnterprise(deps.config.enterpriseKey).catch(() => null);
    const board = enterprise && (await findBoard(deps, req, enterprise.id));
    if (!board) return false;
    const match = JOB_PAGE.exec(req.url);
    const page: JobPage = match ? await jobPage(deps, board, match[1]!) : { status: 200, head: null };
    const head =
      page.head ?? `<title>${escapeAttr(board.site.name)}</title>${page.status === 200 ? '' : '\n    <meta name="robots" content="noindex" />'}`;
    const rendered = renderer && page.status === 200 ? await renderBoardPage(deps, renderer, board, enterprise.id, req) : null;
    let html = (rendered ? renderedIndex : index).replace(/<title>[^<]*<\/title>/, '').replace('</head>', `  ${head}\n  </head>`);
    if (page.status !== 200) html = html.replace('<body>', `<body>\n    ${missingJobBody(board, page.status)}`);
    if (rendered) html = withRendered(html, rendered);
    sendHtml(reply, html, page.status);
    return true;
  };
}
