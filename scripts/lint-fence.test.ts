import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint config on virtual files inside the real folders: each import rule of DESIGN §3 fires
// where it should and stays quiet on the designed edges.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the repository). */
async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: path.join(root, file) });
  const fatal = result.messages.filter((m) => m.fatal || m.ruleId === null);
  expect(fatal, `${file} did not parse`).toEqual([]);
  return result.messages.map((m) => m.ruleId!).filter((id) => id === 'fence/boundaries' || id === 'no-restricted-imports');
}

const importX = (spec: string) => `import { x } from '${spec}';`;

describe.each([
  ['portal', 'apps/web/src', 'credits', 'jobs'],
  ['board', 'apps/board/src', 'apply', 'jobs'],
])('the %s', (_name, src, a, b) => {
  it('refuses a feature importing another feature, however the path is written', async () => {
    expect(await rulesHit(`${src}/features/${a}/Page.tsx`, importX(`../${b}/JobsTable`))).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/features/${a}/parts/Card.tsx`, importX(`../../${b}/JobsTable`))).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/features/${a}/Page.tsx`, importX(`../../features/${b}/JobsTable`))).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/features/${a}/Page.tsx`, `export { x } from '../${b}/JobsTable';`)).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/features/${a}/Page.tsx`, `const x = () => import('../${b}/JobsTable');`)).toEqual(['fence/boundaries']);
  });

  it('lets a feature use its own files, components/ and lib/', async () => {
    expect(await rulesHit(`${src}/features/${a}/parts/Card.tsx`, importX('../Page'))).toEqual([]);
    expect(await rulesHit(`${src}/features/${a}/Page.tsx`, importX('../../components/DataTable'))).toEqual([]);
    expect(await rulesHit(`${src}/features/${a}/Page.tsx`, importX('../../lib/api'))).toEqual([]);
  });

  it('refuses lib/ and components/ importing features/, app/ or layouts/', async () => {
    expect(await rulesHit(`${src}/lib/api.ts`, importX(`../features/${b}/jobs.api`))).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/lib/api.ts`, importX('../app/router'))).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/components/DataTable.tsx`, importX(`../features/${b}/JobsTable`))).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/components/forms/Field.tsx`, importX('../../app/router'))).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/lib/theme.ts`, importX('../layouts/DefaultLayout'))).toEqual(['fence/boundaries']);
    expect(await rulesHit(`${src}/components/DataTable.tsx`, importX('../lib/api'))).toEqual([]);
  });

  it('refuses barrels in features', async () => {
    expect(await rulesHit(`${src}/features/${a}/Page.tsx`, importX('./parts/index'))).toEqual(['no-restricted-imports']);
  });
});

describe('the API', () => {
  it('refuses a module importing another module', async () => {
    expect(await rulesHit('apps/api/src/modules/applications/x.service.ts', importX('../jobs/jobs.service'))).toEqual(['fence/boundaries']);
    expect(await rulesHit('apps/api/src/modules/jobs/x.service.ts', importX('../seekers/seekers.repo'))).toEqual(['fence/boundaries']);
    // The designed edge runs one way only.
    expect(await rulesHit('apps/api/src/modules/credits/x.service.ts', importX('../jobs/jobs.repo'))).toEqual(['fence/boundaries']);
  });

  it('allows the designed edges: jobs → credits, board → applications', async () => {
    expect(await rulesHit('apps/api/src/modules/jobs/x.service.ts', importX('../credits/ledger.repo'))).toEqual([]);
    expect(await rulesHit('apps/api/src/modules/board/x.service.ts', importX('../applications/application-withdrawn-notify'))).toEqual([]);
    expect(await rulesHit('apps/api/src/modules/jobs/x.service.ts', importX('../../platform/errors'))).toEqual([]);
  });

  it('refuses platform/ and db/ importing modules/', async () => {
    expect(await rulesHit('apps/api/src/platform/x.ts', importX('../modules/jobs/jobs.service'))).toEqual(['fence/boundaries']);
    expect(await rulesHit('apps/api/src/platform/notify/x.ts', importX('../../modules/jobs/jobs.service'))).toEqual(['fence/boundaries']);
    expect(await rulesHit('apps/api/src/db/seed/x.ts', importX('../../modules/jobs/jobs.repo'))).toEqual(['fence/boundaries']);
    expect(await rulesHit('apps/api/src/db/x.ts', importX('./schema/jobs'))).toEqual([]);
  });

  it('holds tests to the same fence: another module is reached through the kit in src/test/', async () => {
    for (const file of ['x.test.ts', 'x.pg-test.ts', 'x.fixtures.ts', 'x.testing.ts']) {
      expect(await rulesHit(`apps/api/src/modules/jobs/${file}`, importX('../seekers/seekers.fixtures'))).toEqual(['fence/boundaries']);
      expect(await rulesHit(`apps/api/src/modules/jobs/${file}`, importX('../../test/applications'))).toEqual([]);
    }
    expect(await rulesHit('apps/api/src/modules/jobs/x.test.ts', importX('../credits/ledger.repo'))).toEqual([]);
    expect(await rulesHit('apps/api/src/platform/x.test.ts', importX('../modules/jobs/jobs.fixtures'))).toEqual(['fence/boundaries']);
    expect(await rulesHit('apps/api/src/test/x.ts', importX('../modules/jobs/job-expiry'))).toEqual([]);
  });

  it('exempts only the test of every email the product sends, which drives the modules composing them', async () => {
    expect(await rulesHit('apps/api/src/platform/notify/tenant-mail.test.ts', importX('../../modules/auth/auth.service'))).toEqual([]);
    expect(await rulesHit('apps/api/src/platform/notify/other-mail.test.ts', importX('../../modules/auth/auth.service'))).toEqual(['fence/boundaries']);
  });

  it('keeps the barrel ban in modules beside their own restriction, and everywhere else', async () => {
    expect(await rulesHit('apps/api/src/modules/jobs/x.service.ts', importX('../../platform/index'))).toEqual(['no-restricted-imports']);
    expect(await rulesHit('apps/api/src/modules/jobs/x.service.ts', importX('../../server'))).toEqual(['no-restricted-imports']);
    expect(await rulesHit('apps/api/src/platform/x.ts', importX('./notify/index'))).toEqual(['no-restricted-imports']);
    expect(await rulesHit('apps/api/src/modules/jobs/x.test.ts', importX('../../test/index.ts'))).toEqual(['no-restricted-imports']);
    expect(await rulesHit('packages/contract/src/x.ts', importX('./index'))).toEqual(['no-restricted-imports']);
    expect(await rulesHit('e2e/x.spec.ts', importX('./helpers/index'))).toEqual(['no-restricted-imports']);
  });
});
