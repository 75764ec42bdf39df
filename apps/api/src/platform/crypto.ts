import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** 256-bit random token, URL-safe. Only its SHA-256 is ever stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

// Verifying against this when no user matches keeps the response time of a
// wrong email the same as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * What a key derived from `APP_SECRET` is for. Each signer and verifier uses its own key, so a value signed for one
 * purpose (a file URL) is never accepted for another, and a key handed to one party opens nothing else.
 */
export type KeyPurpose = 'file-url' | 'idempotency' | 'sso-state' | 'known-device' | 'mfa-totp';

const derived = new Map<string, Buffer>();

/** The 256-bit key for `purpose`: HKDF-SHA256 of the app secret, the purpose as its info; computed once. */
export function purposeKey(appSecret: string, purpose: KeyPurpose): Buffer {
  const id = `${purpose}\n${appSecret}`;
  let key = derived.get(id);
  if (!key) derived.set(id, (key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), `hireline:${purpose}:v1`, 32))));
  return key;
}

export function hmac(secret: string | Buffer, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
