import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { purposeKey, type KeyPurpose } from './crypto';

/*
 * Encrypts small secrets kept in the database (AES-256-GCM) under the key derived from APP_SECRET for one purpose
 * (crypto.ts purposeKey), so a database copy alone does not give them away and no other use of the secret can read
 * them. Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
const keyFor = purposeKey;

export function seal(appSecret: string, purpose: KeyPurpose, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret, purpose), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plaintext, or null when the value was sealed under another key or purpose, or altered. */
export function unseal(appSecret: string, purpose: KeyPurpose, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
