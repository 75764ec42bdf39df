import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerPortal } from './web';

const dist = mkdtempSync(join(tmpdir(), 'hireline-web-'));
writeFileSync(
  join(dist, 'index.html'),
  '<meta name="af-enterprise-key" content="%AF_EID%"><meta name="af-multi-language" content="%AF_MULTI_LANGUAGE%"><meta name="af-mail-viewer" content="%AF_MAIL_VIEWER%">',
);
// A built asset with the compressed copies the build writes beside it (scripts/vite-precompress.ts), and one without.
const script = 'export const greeting = "hello";\n'.repeat(100);
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
writeFileSync(join(dist, 'assets', 'small-abc123.js'), 'export {};');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function serve(r: { enterpriseKey: string; multiLanguage: boolean; mailViewer?: boolean }) {
  const runtime = { mailViewer: true, ...r };
  const app = Fastify();
  const spa = await registerPortal(app, dist, runtime);
  // As buildServer composes it: the root and every unknown path are the app's client-side routes.
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!(await spa?.(req, reply))) void reply.code(404).send();
    return reply;
  };
  app.get('/', page);
  app.setNotFoundHandler(page);
  return app;
}

describe('registerPortal', () => {
  it("writes the deployment's enterprise key (escaped) and language flag into index.html for every client route", async () => {
    const app = await serve({ enterpriseKey: 'acme"<x>', multiLanguage: true });
    for (const url of ['/', '/acme/jobs/jobs']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('content="acme&quot;&lt;x&gt;"');
      expect(res.body).toContain('name="af-multi-language" content="true"');
    }
    await app.close();
  });

  it('tells the portal whether the development mail viewer answers', async () => {
    for (const mailViewer of [true, false]) {
      const app = await serve({ enterpriseKey: 'demo', multiLanguage: false, mailViewer });
      expect((await app.inject({ url: '/' })).body).toContain(`name="af-mail-viewer" content="${mailViewer}"`);
      await app.close();
    }
  });

  it('leaves the language switcher off by default', async () => {
    const app = await serve({ enterpriseKey: 'demo', multiLanguage: false });
    expect((await app.inject({ url: '/' })).body).toContain('name="af-multi-language" content="false"');
    await app.close();
  });
});

describe('built assets', () => {
  const get = async (url: string, acceptEncoding?: string) => {
    const app = await serve({ enterpriseKey: 'demo', multiLanguage: false });
    const res = await app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    await app.close();
    return res;
  };

  it('sends the brotli or gzip copy the browser accepts, as JavaScript, cacheable forever and varying by encoding', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the file itself to a client that accepts no compression, or when the build wrote no copy', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const small = await get('/assets/small-abc123.js', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};');
  });
});
