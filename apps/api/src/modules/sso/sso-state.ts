import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { purposeKey } from '../../platform/crypto';

/*
 * Everything a sign-in must remember between start and callback travels in the OAuth `state` parameter, sealed with
 * AES-256-GCM under the app secret's key for this purpose alone (platform/crypto.ts purposeKey): confidential
 * (the PKCE verifier must not leak to the provider or the browser history), authenticated (no field can be changed)
 * and short-lived. No table, and any API process of the deployment can finish what another one started.
 */

export const STATE_TTL_MS = 10 * 60_000;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('hireline:sso-state:v1');

export interface SsoState {
  enterpriseId: string;
  accountId: string;
  providerId: string;
  /** Random; also kept in a cookie of the browser that started, so a callback only completes there. */
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The portal path to land on after signing in. */
  redirect: string;
  /** The exact redirect_uri sent to the provider (this host's callback URL). */
  redirectUri: string;
  expiresAt: number;
}

const payload = z.object({
  e: z.string(),
  a: z.string(),
  p: z.string(),
  s: z.string(),
  n: z.string(),
  c: z.string(),
  r: z.string(),
  u: z.string(),
  x: z.number(),
});

const keyOf = (secret: string): Buffer => purposeKey(secret, 'sso-state');

export function sealState(secret: string, s: Omit<SsoState, 'expiresAt'>, now = Date.now()): string {
  const body = JSON.stringify({
    e: s.enterpriseId,
    a: s.accountId,
    p: s.providerId,
    s: s.state,
    n: s.nonce,
    c: s.codeVerifier,
    r: s.redirect,
    u: s.redirectUri,
    x: now + STATE_TTL_MS,
  } satisfies z.input<typeof payload>);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv).setAAD(AAD);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The state this API sealed with `secret`, or null: altered, sealed with another secret, malformed or expired. */
export function openState(secret: string, value: string, now = Date.now()): SsoState | null {
  if (value.length > 4000) return null;
  const raw = Buffer.from(value, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  let body: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, IV_BYTES)).setAAD(AAD);
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    body = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
  let parsed: z.output<typeof payload>;
  try {
    const result = payload.safeParse(JSON.parse(body));
    if (!result.success) return null;
    parsed = result.data;
  } catch {
    return null;
  }
  if (now >= parsed.x) return null;
  return {
    enterpriseId: parsed.e,
    accountId: parsed.a,
    providerId: parsed.p,
    state: parsed.s,
    nonce: parsed.n,
    codeVerifier: parsed.c,
    redirect: parsed.r,
    redirectUri: parsed.u,
    expiresAt: parsed.x,
  };
}
