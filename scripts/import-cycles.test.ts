import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, relativeImports } from './import-cycles';

const root = path.resolve(import.meta.dirname, '..');
// Cycles that are allowed by design, as the files of each.
const ALLOWED = [
  // Mutual foreign keys between aggregates (a file's owner is a user or a candidate; a user's avatar, a candidate's
  // résumé, an employer's logo are files). Drizzle reads `references(() => table.id)` lazily, so load order is safe.
  ['apps/api/src/db/schema/employers.ts', 'apps/api/src/db/schema/identity.ts', 'apps/api/src/db/schema/platform.ts', 'apps/api/src/db/schema/seekers.ts'],
];
const SOURCES = ['apps/api/src', 'apps/web/src', 'apps/board/src', 'packages/access/src', 'packages/contract/src', 'e2e'];

describe('import cycles', () => {
  it('finds none in the apps, packages and browser suite but the designed ones', () => {
    const graph = importGraph(SOURCES.map((s) => path.join(root, s)));
    // A graph that lost its edges would find no cycle either.
    expect(graph.size).toBeGreaterThan(500);
    expect([...graph.values()].flat().length).toBeGreaterThan(graph.size);
    const found = cycles(graph).map((c) => c.map((f) => path.relative(root, f)));
    expect(found).toEqual(ALLOWED);
  });

  it('reports a cycle of any length once, and a file importing itself', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'x']],
      ['c', ['a']],
      ['x', []],
      ['self', ['self']],
      ['d', ['e']],
      ['e', ['d', 'x']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['self'], ['d', 'e']]);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('reads run-time imports and re-exports, not type-only imports or packages', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import { type F, type G } from './f';",
      "import { h, type H } from './h';",
      "export type { I } from './i';",
      "export { c } from './c';",
      "export * from './d';",
      "import { z } from 'zod';",
      "import { e } from '@hireline/contract/enums';",
    ].join('\n');
    expect(relativeImports('x.ts', code)).toEqual(['./a', './h', './c', './d']);
  });
});
