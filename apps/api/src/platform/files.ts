import { hmac, safeEqual } from './crypto';

/**
 * File URLs are signed so an `<img>` or download link works without an
 * Authorization header, yet only for someone the API handed the URL to.
 * Expiry is rounded up to the hour so the same file keeps the same URL for a
 * while and browsers can cache it.
 */
const HOUR = 3_600_000;

export function signedFileUrl(secret: string, fileId: string, ttlMs = 24 * HOUR, now = Date.now()): string {
  const expires = Math.ceil((now + ttlMs) / HOUR) * HOUR;
  const signature = hmac(secret, `${fileId}.${expires}`);
  return `/portal/v1/files/${fileId}?expires=${expires}&signature=${signature}`;
}

export function verifyFileSignature(secret: string, fileId: string, expires: number, signature: string, now = Date.now()) {
  if (!Number.isFinite(expires) || expires < now) return false;
  return safeEqual(hmac(secret, `${fileId}.${expires}`), signature);
}
