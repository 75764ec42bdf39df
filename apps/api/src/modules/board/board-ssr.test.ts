import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBoardJob, getBoardSite, listBoardJobs } from '@hireline/contract/board';
import { getBranding } from '@hireline/contract/branding';
// eslint-disable-next-line no-restricted-imports -- the test serves the built board, which only the whole server does
import { buildServer } from '../../server';
import { HttpError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { findBoard, type Board } from './board-host.service';
import { boardLoader } from './board-ssr';
import { createBoardWorld, type BoardWorld } from './board.fixtures';

/* The board's pages rendered in the API process: what the renderer is given, and what it may read. */

let t: TestApp;
let w: BoardWorld;
let root: string;
let app: Awaited<ReturnType<typeof buildServer>>;
let board: Board;

const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head><meta name="af-enterprise-key" content="%AF_EID%" /><title>board</title>
    <link rel="stylesheet" href="/_board/loader.css" />
    <link rel="stylesheet" crossorigin href="/_board/assets/index-abc.css">
    <link rel="stylesheet" href="/_board/assets/../../outside.css">
  </head>
  <body>
    <div id="root"><!--app--><div class="app-loader"></div><!--/app--></div>
  </body>
</html>`;

// A stand-in for the built renderer (apps/board's entry-server): it reports what it was given, reads the site
// through `load` and fails or declines on cue.
const RENDERER = `
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render({ url, acceptLanguage, branding, wide, load }) {
  if (url.startsWith('/sign-in')) return null;
  if (url.includes('boom')) throw new Error('boom');
  const site = await load({ path: '/v1/board/site', response: { parse: (v) => v } }, {});
  const given = { url, acceptLanguage, wide, brand: branding && branding.settings.is_board, site: site.name };
  // As long as a real page's markup, which is worth compressing.
  const body = '<p id="rendered">' + esc(JSON.stringify(given)) + '</p>' + '<div class="card"></div>'.repeat(200);
  return { html: body, head: '<style data-emotion="mui x">.x{}</style>', language: 'fr', dir: 'ltr', title: url.includes('untitled') ? '' : 'Offres · <Alpha> & Co' };
}`;

beforeAll(async () => {
  t = await createTestApp({ ENTERPRISE_KEY: 'test' });
  w = await createBoardWorld(t);
  root = mkdtempSync(join(tmpdir(), 'hireline-ssr-'));
  mkdirSync(join(root, 'board'), { recursive: true });
  mkdirSync(join(root, 'dist-ssr'), { recursive: true });
  mkdirSync(join(root, 'web'), { recursive: true });
  writeFileSync(join(root, 'board', 'index.html'), INDEX);
  writeFileSync(join(root, 'board', 'loader.css'), '.app-loader{display:grid}');
  mkdirSync(join(root, 'board', 'assets'));
  writeFileSync(join(root, 'board', 'assets', 'index-abc.css'), '@font-face{font-family:"Public Sans";src:url(/_board/assets/f.woff2)}</style><script>');
  writeFileSync(join(root, 'outside.css'), '.secret{}');
  writeFileSync(join(root, 'web', 'index.html'), '<!doctype html><html><head><title>portal</title></head><body></body></html>');
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  const config = { ...t.deps.config, webDistDir: join(root, 'web'), boardDistDir: join(root, 'board') };
  app = await buildServer({ ...t.deps, config }, { logger: false, serveWeb: true });
  await app.ready();
  const enterprise = await t.deps.resolveEnterprise('test');
  board = (await findBoard(t.deps, { host: w.host, protocol: 'http' } as FastifyRequest, enterprise.id))!;
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const on = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: w.host, ...headers } });
const rendered = (body: string) => {
  const text = /<p id="rendered">([^<]*)<\/p>/.exec(body)?.[1];
  return text ? (JSON.parse(text.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))) as Record<string, unknown>) : null;
};

describe('a page the server renders', () => {
  it("puts the render in place of the loader, its head in <head> and its language on <html>, for the host's board", async () => {
    const res = await on('/jobs?q=driver', { 'accept-language': 'fr-FR', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(res.statusCode).toBe(200);
    expect(rendered(res.body)).toEqual({ url: '/jobs?q=driver', acceptLanguage: 'fr-FR', wide: true, brand: true, site: 'Alpha Jobs' });
    expect(res.body).toContain('<html lang="fr" dir="ltr">');
    expect(res.body).toMatch(/<style data-emotion="mui x">\.x\{\}<\/style>\s*<\/head>/);
    expect(res.body).not.toContain('<div class="app-loader">');
    // The title the app gives the page, escaped, in place of the site's name alone.
    expect(res.body).toContain('<title>Offres · &lt;Alpha&gt; &amp; Co</title>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    // A page the renderer names nothing keeps the site's name.
    expect((await on('/jobs?q=untitled')).body).toContain('<title>Alpha Jobs</title>');
  });

  it('carries its stylesheets in the page, so it paints without another request; a page the app renders links them', async () => {
    const res = await on('/jobs');
    expect(res.body).toContain('<style>.app-loader{display:grid}</style>');
    expect(res.body).toContain('<style>@font-face{font-family:"Public Sans";src:url(/_board/assets/f.woff2)}<\\/style><script></style>');
    expect(res.body).not.toMatch(/<link rel="stylesheet"[^>]*(loader|index-abc)/);
    // Only the board's own files: a path leaving its folder stays a link (which the browser then cannot load).
    expect(res.body).not.toContain('.secret');

    const app = await on('/sign-in');
    expect(app.body).toContain('<link rel="stylesheet" href="/_board/loader.css" />');
    expect(app.body).not.toContain('<style>.app-loader');
  });

  it('sends the page compressed for a browser that accepts it', async () => {
    const br = await on('/jobs', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(rendered(brotliDecompressSync(br.rawPayload).toString())).toMatchObject({ url: '/jobs', site: 'Alpha Jobs' });
    const gzip = await on('/jobs', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(rendered(gunzipSync(gzip.rawPayload).toString())).toMatchObject({ url: '/jobs' });
  });

  it("renders a live job's page with its crawler head, narrow for a phone", async () => {
    const res = await on(`/jobs/${w.ids.forklift}`, { 'sec-ch-ua-mobile': '?1' });
    expect(res.statusCode).toBe(200);
    expect(rendered(res.body)).toMatchObject({ url: `/jobs/${w.ids.forklift}`, wide: false });
    expect(res.body).toContain('id="job-posting-ld"');
  });

  it('renders nothing for a job that is not live here: 404 or 410 as before, with the page for browsers without scripts', async () => {
    for (const [id, status] of [[w.ids.otherTenant, 404], [w.ids.expired, 410]] as const) {
      const res = await on(`/jobs/${id}`);
      expect(res.statusCode, id).toBe(status);
      expect(rendered(res.body)).toBeNull();
      expect(res.body).toContain('app-loader');
      expect(res.body).toContain('<form action="/jobs" method="get" role="search">');
    }
  });

  it("serves the app's page unrendered when the renderer declines or fails, never an error", async () => {
    for (const url of ['/sign-in', '/jobs?q=boom']) {
      const res = await on(url);
      expect(res.statusCode, url).toBe(200);
      expect(rendered(res.body), url).toBeNull();
      expect(res.body).toContain('<div id="root"><!--app--><div class="app-loader"></div><!--/app--></div>');
      expect(res.body).toContain('<html lang="en" dir="ltr">');
    }
  });
});

describe("the renderer's reads", () => {
  it("answers the board's own site, adverts and advert, as its endpoints would", async () => {
    const load = boardLoader(t.deps, board);
    expect(await load(getBoardSite, {})).toMatchObject({ name: 'Alpha Jobs' });
    const list = (await load(listBoardJobs, { query: { page: 1, per_page: 20 } })) as { data: Array<{ id: string; published_at: unknown }> };
    expect(list.data.map((j) => j.id).sort()).toEqual([w.ids.forklift, w.ids.nurse, w.ids.developer, w.ids.barista].sort());
    // As JSON, the way the browser would have received it.
    expect(typeof list.data[0]!.published_at).toBe('string');
    expect(await load(getBoardJob, { params: { uuid: w.ids.forklift } })).toMatchObject({ id: w.ids.forklift, title: 'Forklift Driver' });
  });

  it("never reads another tenant's or site's advert, nor anything but the board's public reads", async () => {
    const load = boardLoader(t.deps, board);
    for (const id of [w.ids.otherTenant, w.ids.secondSite, w.ids.draft]) {
      await expect(load(getBoardJob, { params: { uuid: id } }), id).rejects.toBeInstanceOf(HttpError);
    }
    await expect(load(getBoardJob, { params: { uuid: 'not-a-uuid' } })).rejects.toThrow();
    await expect(load(getBranding, { query: { domain: w.host } })).rejects.toThrow(/do not render/);
  });
});
