// "No cycles" (DESIGN §3) checked over the source of every app and package. Relative imports are the only ones that
// can close a cycle inside a workspace (there are no path aliases, and the packages depend one way: access →
// contract), so the graph is built from them alone, with the TypeScript parser the repository already has rather
// than a lint plugin and a module resolver run on every file. Lazy `import()` (route chunks) is not followed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP = new Set(['node_modules', 'dist', 'migrations']);

/** Every TypeScript source file under `dir`. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/**
 * The relative specifiers a file imports or re-exports at run time. Type-only imports are left out, as
 * `import/no-cycle` does: they are erased, so they cannot make a module load before what it needs.
 */
export function relativeImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of src.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly) {
      const named = st.importClause?.namedBindings;
      // `import { type A, type B }` with nothing else is erased too.
      const typesOnly = !st.importClause?.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!typesOnly) spec = st.moduleSpecifier;
    } else if (ts.isExportDeclaration(st) && !st.isTypeOnly) spec = st.moduleSpecifier;
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) out.push(spec.text);
  }
  return out;
}

/** The file a relative specifier names, as TypeScript resolves it (extension-less, `.js` for `.ts`). */
export function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each cycle of the graph once (as the files of one strongly connected component with more than one file, or a self-import). */
export function cycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      if (i === 0 && !index.has(node)) {
        index.set(node, next);
        low.set(node, next++);
        stack.push(node);
        onStack.add(node);
      }
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const to = edges[i];
        if (!index.has(to)) work.push([to, 0]);
        else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges.includes(node)) found.push(component.sort());
      }
    }
  }
  return found;
}

/** The run-time import graph of the files under `roots`. */
export function importGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const root of roots) {
    for (const file of sourceFiles(root)) {
      const targets = relativeImports(file)
        .map((spec) => resolve(file, spec))
        .filter((t): t is string => t !== null);
      graph.set(file, [...new Set(targets)]);
    }
  }
  return graph;
}
