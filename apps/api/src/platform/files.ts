import { hmac, purposeKey, safeEqual } from './crypto';

/**
 * File URLs are signed so an `<img>` or download link works without an
 * Authorization header, yet only for someone the API handed the URL to.
 * Expiry is rounded up to the hour so the same file keeps the same URL for a
 * while. The signature is made with the file-URL key derived from the app
 * secret, which no one outside the API ever holds.
 */
const HOUR = 3_600_000;

export function signedFileUrl(secret: string, fileId: string, ttlMs = 24 * HOUR, now = Date.now()): string {
  const expires = Math.ceil((now + ttlMs) / HOUR) * HOUR;
  const signature = hmac(purposeKey(secret, 'file-url'), `${fileId}.${expires}`);
  return `/portal/v1/files/${fileId}?expires=${expires}&signature=${signature}`;
}

export function verifyFileSignature(secret: string, fileId: string, expires: number, signature: string, now = Date.now()) {
  if (!Number.isFinite(expires) || expires < now) return false;
  return safeEqual(hmac(purposeKey(secret, 'file-url'), `${fileId}.${expires}`), signature);
}
