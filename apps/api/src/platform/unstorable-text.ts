import type { FastifyInstance } from 'fastify';
import { messages } from '@hireline/contract/messages';
import { invalid } from './errors';

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** U+0000, which PostgreSQL text and jsonb cannot hold, or a lone UTF-16 surrogate, which jsonb refuses. */
const unstorable = (s: string) => s.includes('\u0000') || loneSurrogate.test(s);

/**
 * Where a string PostgreSQL cannot store sits in parsed input (`''` at the top, `a.0.b` inside), or null: such input
 * would otherwise fail in the database as a 500. Walked without recursion (a body may be deeply nested); raw bytes (a
 * webhook's Buffer) are not text and are skipped.
 */
function unstorableAt(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (unstorable(v)) return path;
      continue;
    }
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    for (const [k, child] of Object.entries(v)) {
      if (unstorable(k)) return path;
      stack.push([child, path ? `${path}.${k}` : k]);
    }
  }
  return null;
}

/**
 * After validation, on what the schemas let through (every route, the hand-registered ones too): text PostgreSQL
 * cannot store is invalid input, 422 on its field, not a 500 from the database.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const at = unstorableAt(part);
      if (at !== null) throw invalid({ [at || '_']: [messages.invalid] });
    }
  });
}
