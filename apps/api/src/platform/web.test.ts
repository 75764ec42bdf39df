import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerPortal } from './web';

const dist = mkdtempSync(join(tmpdir(), 'hireline-web-'));
writeFileSync(
  join(dist, 'index.html'),
  '<meta name="af-enterprise-key" content="%AF_EID%"><meta name="af-multi-language" content="%AF_MULTI_LANGUAGE%">',
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function serve(runtime: { enterpriseKey: string; multiLanguage: boolean }) {
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

  it('leaves the language switcher off by default', async () => {
    const app = await serve({ enterpriseKey: 'demo', multiLanguage: false });
    expect((await app.inject({ url: '/' })).body).toContain('name="af-multi-language" content="false"');
    await app.close();
  });
});
