import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages } from '@hireline/contract/messages';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema/credits';
import { hmac, purposeKey } from './crypto';
import { HttpError, invalid } from './errors';
import type { ResolvedScope } from './scope';

/**
 * `Idempotency-Key` for requests that spend or charge (DESIGN §4): the same key and body answer the stored result,
 * the same key with another request is 422.
 *
 * The key row is claimed inside the caller's transaction, so it commits together with the change and its result, or
 * not at all: a failed attempt (402, 409, 422…) leaves the key free for a retry. A concurrent request with the same
 * key waits on the unique index until the first transaction ends, then replays its result.
 */

export interface IdempotentRequest {
  key: string;
  userId: string;
  accountId: string | null;
  method: string;
  path: string;
  /** The selection the request acted in (see {@link RequestIdentity}). */
  scope: string;
  body: unknown;
  /** Keys the stored fingerprint (see {@link requestHash}). */
  fingerprintKey: Buffer;
}

export type Claim = { replay: true; statusCode: number; response: unknown } | { replay: false; id: string };

const MAX_KEY = 255;

/** The header's value, or null when the client sent none. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return null;
  if (value.length > MAX_KEY) throw invalid({ 'Idempotency-Key': [messages.maxLength(MAX_KEY)] });
  return value;
}

/**
 * The request as the idempotency check compares it: same key, same method, path, selection and body → the same
 * answer. The selection (the scope resolved from X-AF-AID/SID/EMPID and checked against the caller's memberships) is
 * part of it because it names who the request acts for: the same body for another employer is another purchase or
 * grant, and answering it with the first one's result would report credits moved that never were.
 */
export interface RequestIdentity {
  idempotencyKey: string | null;
  method: string;
  path: string;
  scope: string;
  fingerprintKey: Buffer;
}

export const requestIdentity = (
  req: FastifyRequest,
  scope: Pick<ResolvedScope, 'accountId' | 'siteId' | 'employerId'>,
  appSecret: string,
): RequestIdentity => ({
  idempotencyKey: idempotencyKeyOf(req),
  method: req.method,
  path: req.url.split('?')[0]!,
  scope: [scope.accountId, scope.siteId, scope.employerId].map((id) => id ?? '').join('/'),
  fingerprintKey: purposeKey(appSecret, 'idempotency'),
});

/** Object keys sorted, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * The stored fingerprint of a request: an HMAC under the idempotency key derived from the app secret, not a bare
 * hash, so a copy of the table does not let anyone confirm guesses of what was sent (a quantity, an amount).
 */
export const requestHash = (r: Pick<IdempotentRequest, 'method' | 'path' | 'scope' | 'body' | 'fingerprintKey'>) =>
  hmac(r.fingerprintKey, JSON.stringify([r.method.toUpperCase(), r.path, r.scope, canonical(r.body ?? null)]));

async function claimKey(tx: Tx, r: IdempotentRequest): Promise<Claim> {
  const hash = requestHash(r);
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ accountId: r.accountId, userId: r.userId, key: r.key, method: r.method.toUpperCase(), path: r.path, requestHash: hash })
    .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  if (claimed) return { replay: false, id: claimed.id };
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, r.userId), eq(idempotencyKeys.key, r.key)))
    .limit(1);
  if (!stored || stored.requestHash !== hash) throw new HttpError(422, messages.idempotencyMismatch, undefined, 'idempotency_mismatch');
  // Committed rows always carry their result (it is written in the same transaction as the claim).
  if (stored.statusCode === null) throw new HttpError(409, messages.conflict);
  return { replay: true, statusCode: stored.statusCode, response: stored.response };
}

async function storeResult(tx: Tx, id: string, statusCode: number, response: unknown) {
  await tx.update(idempotencyKeys).set({ statusCode, response }).where(eq(idempotencyKeys.id, id));
}

/** Who sends a spending request, and in which account: the key's owner. */
export interface KeyOwner {
  userId: string;
  accountId: string | null;
}

/**
 * Runs `work` once per Idempotency-Key, in the caller's transaction: without a key it just runs; with one, a stored
 * answer of the same request is returned instead (422 for the same key with another request), or the key is claimed,
 * `work` runs and its result is stored as the answer, committing or rolling back with it.
 */
export async function once<T>(
  tx: Tx,
  request: RequestIdentity,
  owner: KeyOwner,
  body: unknown,
  statusCode: number,
  work: () => Promise<T>,
): Promise<T> {
  if (!request.idempotencyKey) return work();
  const { method, path, scope, fingerprintKey } = request;
  const claim = await claimKey(tx, { key: request.idempotencyKey, ...owner, method, path, scope, body, fingerprintKey });
  if (claim.replay) return claim.response as T;
  const result = await work();
  await storeResult(tx, claim.id, statusCode, result);
  return result;
}
