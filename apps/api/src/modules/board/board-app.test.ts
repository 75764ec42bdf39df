import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostingLd } from '@hireline/contract/board';
// eslint-disable-next-line no-restricted-imports -- the test serves built apps, which only the whole server does
import { buildServer } from '../../server';
import { createTestApp, type TestApp } from '../../test/harness';
import { createBoardWorld, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

/* One process, two apps: the board for a site's board host, the portal for every other host. */

let t: TestApp;
let w: BoardWorld;
let root: string;
let app: Awaited<ReturnType<typeof buildServer>>;

const page = (title: string) =>
  `<!doctype html><html><head><meta name="af-enterprise-key" content="%AF_EID%" /><title>${title}</title></head><body></body></html>`;

beforeAll(async () => {
  // Pages carry no enterprise header: the deployment's key says whose boards these hosts are.
  t = await createTestApp({ ENTERPRISE_KEY: 'test' });
  w = await createBoardWorld(t);
  root = mkdtempSync(join(tmpdir(), 'hireline-apps-'));
  const web = join(root, 'web');
  const board = join(root, 'board');
  mkdirSync(join(board, 'assets'), { recursive: true });
  mkdirSync(web, { recursive: true });
  writeFileSync(join(web, 'index.html'), page('portal'));
  writeFileSync(join(board, 'index.html'), page('board'));
  writeFileSync(join(board, 'assets', 'app-123.js'), 'console.log(1)');
  app = await buildServer({ ...t.deps, config: { ...t.deps.config, webDistDir: web, boardDistDir: board } }, { logger: false, serveWeb: true });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const on = (url: string, host: string) => app.inject({ method: 'GET', url, headers: { host } });

describe('which app a host gets', () => {
  it('serves the board, titled with the site, on the board host (any path, with a port) and the portal elsewhere', async () => {
    for (const url of ['/', '/jobs', '/me/applications?page=2']) {
      const res = await on(url, `${w.host}:3100`);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>Alpha Jobs</title>");
      expect(res.body, url).not.toContain('portal');
      expect(res.body, url).toContain('content="test"');
    }
    for (const host of [w.a.account.domain, 'localhost', 'nowhere.example']) {
      const res = await on('/jobs', host);
      expect(res.statusCode, host).toBe(200);
      expect(res.body, host).toContain('<title>portal</title>');
    }
  });

  it("serves the board's fingerprinted files under /_board/, cached for good", async () => {
    const res = await on('/_board/assets/app-123.js', w.host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('leaves the API alone: an unknown API path is a JSON 404 on a board host too', async () => {
    const res = await on('/portal/v1/nothing-here', w.host);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(coded({ message: 'Not found.' }));
  });
});

describe("a job's page", () => {
  it('carries its title and a valid JobPosting in the HTML, for crawlers that run no script', async () => {
    const res = await on(`/jobs/${w.ids.forklift}`, w.host);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Forklift Driver · [^<]+<\/title>/);
    const json = /<script type="application\/ld\+json" id="job-posting-ld">([^<]*)<\/script>/.exec(res.body)?.[1];
    expect(json).toBeTruthy();
    const ld = jobPostingLd.parse(JSON.parse(json!));
    expect(ld).toMatchObject({ '@type': 'JobPosting', title: 'Forklift Driver', identifier: { value: expect.any(String) } });
    expect(res.body).toContain(`<link rel="canonical" href="http://${w.host}/jobs/${w.ids.forklift}" />`);
  });

  it('has none for an advert that is not live on this board (hidden, or another tenant’s)', async () => {
    for (const id of [w.ids.draft, w.ids.otherTenant, w.ids.secondSite]) {
      const res = await on(`/jobs/${id}`, w.host);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('application/ld+json');
      expect(res.body).toContain('<title>');
    }
  });
});
