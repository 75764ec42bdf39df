import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { boardJobsQuery, getBoardJob, getBoardSite, listBoardJobs } from '@hireline/contract/board';
import { uuidParams } from '@hireline/contract/common';
import { getBranding, type Branding } from '@hireline/contract/branding';
import type { Endpoint } from '@hireline/contract/endpoint';
import type { AppDeps } from '../../deps';
import type { Board } from './board-host.service';
import * as service from './board.service';

/*
 * Server rendering of the board's search and job pages (apps/board/src/entry-server.tsx, built by Vite into
 * dist-ssr/ beside the board's dist/). The renderer asks for what the page shows through `load`, answered here
 * from the services behind the board's JSON endpoints for this request's board only, shaped by the same contract.
 */

export interface RenderedPage {
  html: string;
  head: string;
  language: string;
  dir: 'ltr' | 'rtl';
  /** The tab's title as the app names the page; empty (or absent, from an older renderer) when it names none. */
  title?: string;
}

type Load = (endpoint: Endpoint, input: { params?: unknown; query?: unknown }) => Promise<unknown>;

export interface BoardRenderer {
  render(input: { url: string; acceptLanguage: string | undefined; branding: Branding | null; wide: boolean; load: Load }): Promise<RenderedPage | null>;
}

/** The built renderer beside the board's files, or null when there is none (a build without it, tests). */
export async function loadBoardRenderer(distDir: string): Promise<BoardRenderer | null> {
  const entry = join(distDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const mod = (await import(pathToFileURL(entry).href)) as Partial<BoardRenderer>;
  return typeof mod.render === 'function' ? (mod as BoardRenderer) : null;
}

/** An endpoint's answer as its route would send it: validated by its response schema, then as JSON. */
const asSent = (endpoint: Endpoint, value: unknown): unknown => JSON.parse(JSON.stringify(endpoint.response.parse(value)));

/** The board's public reads the pages make; anything else is refused (the page then renders without it). */
export function boardLoader(deps: AppDeps, board: Board): Load {
  return async (endpoint, input) => {
    if (endpoint.path === getBoardSite.path) return asSent(endpoint, await service.boardSite(deps, board));
    if (endpoint.path === listBoardJobs.path) {
      const query = boardJobsQuery.parse(input.query ?? {});
      return asSent(endpoint, await service.listJobs(deps, board, query));
    }
    if (endpoint.path === getBoardJob.path) {
      const { uuid } = uuidParams.parse(input.params);
      return asSent(endpoint, await service.getJob(deps, board, uuid));
    }
    throw new Error(`The board's pages do not render ${endpoint.path} on the server`);
  };
}

/** A phone (or a tablet's mobile browser), by its client hint, else its user agent: the search page lays out narrow. */
export function wantsMobile(req: FastifyRequest): boolean {
  const hint = req.headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  return /Mobi|Android|iPhone|iPad/i.test(req.headers['user-agent'] ?? '');
}

/** The page rendered, or null when the renderer does not render it or fails (the app then renders it in the browser). */
export async function renderBoardPage(
  deps: AppDeps,
  renderer: BoardRenderer,
  board: Board,
  enterpriseId: string,
  req: FastifyRequest,
): Promise<RenderedPage | null> {
  try {
    const branding = await deps.branding
      .byDomain(enterpriseId, req.host)
      .then((b) => getBranding.response.parse(b) as Branding)
      .catch(() => null);
    const header = req.headers['accept-language'];
    const wide = !wantsMobile(req);
    return await renderer.render({
      url: req.url,
      acceptLanguage: Array.isArray(header) ? header.join(',') : header,
      branding,
      wide,
      load: boardLoader(deps, board),
    });
  } catch (err) {
    req.log.error({ err }, 'board page not rendered on the server');
    return null;
  }
}
