import type { FastifyRequest } from 'fastify';
import { hmac, purposeKey, safeEqual } from './crypto';

/*
 * Slowing password guessing without locking the right person out (docs/reliability.md, "Rate limits").
 *
 * - Every sign-in counts against the caller's address (50 in 15 minutes; a success is taken back).
 * - A device or network the user signed in from before is "known": a signed, HttpOnly cookie set at each successful
 *   sign-in (bound to the user, signed with its own key) or an address one of their sessions started from. A known
 *   caller's attempts count in a window of their own (per account and address), never in the account's shared one.
 * - Everyone else shares the account's window (10 in 15 minutes). Past it they are asked to come back later (429 with
 *   Retry-After), so someone guessing from elsewhere cannot make the owner's correct password answer 429.
 * - Each wrong password in a window is answered later than the one before (progressiveDelayMs), so guessing in
 *   sequence slows to a crawl long before the limit; a correct password is never delayed. SIGN_IN_DELAY_MAX_MS caps
 *   the wait (deps.pause), which tests record instead of waiting.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_LIMIT_PER_ADDRESS = 50;
export const SIGN_IN_LIMIT_PER_ACCOUNT = 10;
/** How long a network stays known after a session started from it. */
export const KNOWN_NETWORK_MS = 90 * 24 * 3_600_000;

/** No delay for the first three wrong passwords of a window, then 0.5 s doubling up to 8 s. */
export function progressiveDelayMs(attempts: number): number {
  if (attempts <= 3) return 0;
  return Math.min(500 * 2 ** (attempts - 4), 8_000);
}

/** Staff sign in to the portal, candidates to a board: each has a cookie of its own, scoped to its sign-in path. */
export type DeviceKind = 'staff' | 'candidate';
const COOKIES: Record<DeviceKind, { name: string; path: string }> = {
  staff: { name: 'hireline_device', path: '/portal/auth' },
  candidate: { name: 'hireline_board_device', path: '/portal/v1/board/candidates' },
};
export const KNOWN_DEVICE_COOKIE = COOKIES.staff.name;
const DEVICE_TTL_MS = 180 * 24 * 3_600_000;
/** A shared computer remembers a few people; the oldest beyond this are forgotten. */
const MAX_PEOPLE = 5;

interface Entry {
  userId: string;
  issued: number;
  signature: string;
}

const signatureOf = (secret: string, kind: DeviceKind, userId: string, issued: number) =>
  hmac(purposeKey(secret, 'known-device'), `${kind}.${userId}.${issued}`);

function entriesOf(raw: string | undefined): Entry[] {
  if (!raw) return [];
  return raw
    .split('~')
    .slice(0, MAX_PEOPLE)
    .map((part) => part.split('.'))
    .filter((p): p is [string, string, string] => p.length === 3 && /^\d{1,15}$/.test(p[1]!))
    .map(([userId, issued, signature]) => ({ userId, issued: Number(issued), signature }));
}

const valid = (secret: string, kind: DeviceKind, e: Entry, now: number) =>
  e.issued <= now && now - e.issued < DEVICE_TTL_MS && safeEqual(signatureOf(secret, kind, e.userId, e.issued), e.signature);

/** The known-device cookie of a request, as sent. */
export function deviceCookieOf(req: FastifyRequest, kind: DeviceKind = 'staff'): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === COOKIES[kind].name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Whether this browser signed in as `userId` before (a valid, unexpired entry signed by this deployment). */
export function isKnownDevice(secret: string, raw: string | undefined, userId: string, now = Date.now(), kind: DeviceKind = 'staff'): boolean {
  return entriesOf(raw).some((e) => e.userId === userId && valid(secret, kind, e, now));
}

/** The Set-Cookie value after `userId` signed in: their entry renewed first, the browser's other valid ones kept. */
export function knownDeviceCookie(
  secret: string,
  raw: string | undefined,
  userId: string,
  secure: boolean,
  now = Date.now(),
  kind: DeviceKind = 'staff',
): string {
  const others = entriesOf(raw).filter((e) => e.userId !== userId && valid(secret, kind, e, now));
  const entries = [{ userId, issued: now, signature: signatureOf(secret, kind, userId, now) }, ...others].slice(0, MAX_PEOPLE);
  const value = entries.map((e) => `${e.userId}.${e.issued}.${e.signature}`).join('~');
  const { name, path } = COOKIES[kind];
  return `${name}=${value}; Path=${path}; Max-Age=${DEVICE_TTL_MS / 1000}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
