import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { withTenants } from '../../db/tenant-context';
import { notFound, unauthenticated } from '../../platform/errors';
import { normaliseHost } from '../../platform/host';
import type { SeekerAuth } from '../../platform/seeker-sessions';
import { findBoardSite, type BoardSiteRow } from './board.repo';

/** Per client IP across every board endpoint and feed: far above a person browsing, low enough to stop a scraper. */
export const BOARD_RATE_LIMIT = 300;
export const BOARD_RATE_WINDOW_MS = 60_000;

/**
 * Where absolute links of this board point: the scheme and host the client used (behind a proxy, what it forwarded
 * when TRUST_PROXY is on), or the given domain when the board names itself with `?domain=`.
 */
export function originOf(req: FastifyRequest, domain?: string): string {
  const host = domain ?? req.host;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return `${req.protocol}://${normaliseHost(host)}`;
  }
}

export interface Board {
  site: BoardSiteRow;
  /** `scheme://host[:port]` of the board, for absolute URLs (feeds, JSON-LD). */
  origin: string;
}

/** Counts the request against the caller's budget; 429 with Retry-After once it is spent. */
export async function countRequest(deps: AppDeps, req: FastifyRequest) {
  await deps.trafficLimiter.hit(`board:ip:${req.ip}`, BOARD_RATE_LIMIT, BOARD_RATE_WINDOW_MS);
}

/**
 * The board a request is for, or null: `domain` when given, else the Host header. Only an enabled site with its
 * board on, of an enabled account of this enterprise, is a board; an account's portal domain is not.
 */
export async function findBoard(deps: AppDeps, req: FastifyRequest, enterpriseId: string, domain?: string): Promise<Board | null> {
  const host = domain ?? req.host;
  if (!host) return null;
  // Which site a host is is public (its pages say so): looked up past the caller's tenant, so a candidate of
  // another account learns "not signed in here" (401) rather than "no such board".
  const site = await withTenants('*', () => findBoardSite(deps.db, enterpriseId, normaliseHost(host)));
  return site ? { site, origin: originOf(req, domain) } : null;
}

/** The same, for endpoints: rate-limited, and 404 'Not found.' for anything that is not a board. */
export async function boardOf(deps: AppDeps, req: FastifyRequest, enterpriseId: string, domain?: string): Promise<Board> {
  await countRequest(deps, req);
  const board = await findBoard(deps, req, enterpriseId, domain);
  if (!board) throw notFound();
  return board;
}

/**
 * The board a signed-in candidate calls, which must be one of their account's: a candidate of another account (or
 * enterprise) is not signed in here, 401 like an expired session, so a token never works across tenants.
 */
export async function candidateBoardOf(deps: AppDeps, req: FastifyRequest, enterpriseId: string, seeker: SeekerAuth, domain?: string) {
  const board = await boardOf(deps, req, enterpriseId, domain);
  if (board.site.accountId !== seeker.seeker.accountId) throw unauthenticated();
  return board;
}
