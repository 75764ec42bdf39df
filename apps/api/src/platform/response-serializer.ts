import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { serializerCompiler as validatingCompiler } from 'fastify-type-provider-zod';
import type { ResponseCheck } from '../config';

/**
 * How responses leave the API (RESPONSE_CHECK):
 * - `compiled`: written by a serializer compiled once per route from the contract's response schema
 *   (fast-json-stringify). It writes only the properties the contract declares, as the validating serializer's
 *   stripping does, but checks nothing: a request pays no Zod walk over its answer. Production's default.
 * - `validate`: Zod encodes the answer against the contract and JSON.stringify writes it; a mismatch is a 500.
 * - `both`: validates, also runs the compiled serializer, and fails the response when the two would write different
 *   JSON. The default outside production, so the whole test suite checks the compiled serializers against the
 *   contract on every answer it reads.
 * A schema the compiler cannot represent without guessing (a union, a transform) is always validated.
 */
type Serialize = (data: unknown) => string;

/** Keywords fast-json-stringify decides between at run time with a validator: slow, and a guess when branches overlap. */
const branching = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref'];

function hasBranching(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (branching.some((k) => k in node)) return true;
  return Object.values(node).some(hasBranching);
}

/**
 * The response schema as JSON Schema fast-json-stringify understands, or null when it has no faithful one.
 * OpenAPI 3.0's `nullable` keeps `.nullable()` a flag on the type instead of a union; an empty registry keeps the
 * contract's named components inline.
 */
function compilableSchema(schema: z.ZodType): object | null {
  let json: object;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0', unrepresentable: 'throw', reused: 'inline', metadata: z.registry() });
  } catch {
    return null;
  }
  return hasBranching(json) ? null : json;
}

export function compileSerializer(schema: z.ZodType): Serialize | null {
  const json = compilableSchema(schema);
  return json ? (fastJson(json) as Serialize) : null;
}

export class ResponseDriftError extends Error {
  constructor(method: string, url: string, compiled: string, validated: string) {
    super(`${method} ${url}: the compiled serializer wrote ${compiled.slice(0, 500)} where the contract gives ${validated.slice(0, 500)}`);
    this.name = 'ResponseDriftError';
  }
}

/** The serializer compiler for Fastify's routes, one serializer per route and status. */
export function responseSerializerCompiler(check: ResponseCheck): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const validating = validatingCompiler(route) as Serialize;
    if (check === 'validate') return validating;
    const compiled = route.schema instanceof z.ZodType ? compileSerializer(route.schema) : null;
    if (!compiled) return validating;
    if (check === 'compiled') return compiled;
    return (data) => {
      const validated = validating(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(validated)))
        throw new ResponseDriftError(route.method, route.url, written, validated);
      return validated;
    };
  };
}
