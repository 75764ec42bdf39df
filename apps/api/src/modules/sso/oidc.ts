import * as client from 'openid-client';
import { loopbackHosts } from '@hireline/contract/sso';
import { sha256 } from '../../platform/crypto';
import type { ProviderRow } from './sso.repo';

/*
 * The OpenID Connect relying party, through openid-client: discovery, the authorization URL with PKCE and a nonce,
 * the code exchange with ID token validation. A provider's discovered configuration is kept per process for a while,
 * so a sign-in costs the provider's token endpoint (and JWKS, itself cached) rather than a discovery every time.
 */

const CLIENT_TTL_MS = 10 * 60_000;
const TIMEOUT_SECONDS = 10;

const clients = new Map<string, { key: string; at: number; config: Promise<client.Configuration> }>();

/** Plain http only towards a loopback issuer (tests, development), as the contract allows when it is configured. */
const insecureAllowed = (issuer: URL) => issuer.protocol === 'http:' && loopbackHosts.includes(issuer.hostname);

async function discover(p: ProviderRow, fetch: client.CustomFetch): Promise<client.Configuration> {
  const issuer = new URL(p.issuer);
  const execute = insecureAllowed(issuer) ? [client.allowInsecureRequests] : [];
  // Discovery, the token call, UserInfo and the JWKS all go through the server's outbound client (outbound-http.ts).
  const found = await client.discovery(issuer, p.clientId, p.clientSecret, client.ClientSecretBasic(p.clientSecret), {
    execute,
    timeout: TIMEOUT_SECONDS,
    [client.customFetch]: fetch,
  });
  // Basic is the OpenID default; a provider that only takes the secret in the body gets it there.
  const methods = found.serverMetadata().token_endpoint_auth_methods_supported;
  if (!methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post')) return found;
  const config = new client.Configuration(found.serverMetadata(), p.clientId, p.clientSecret, client.ClientSecretPost(p.clientSecret));
  for (const run of execute) run(config);
  config.timeout = TIMEOUT_SECONDS;
  config[client.customFetch] = fetch;
  return config;
}

/** The provider's client configuration, discovered once per process and kept until it changes or expires. */
export function clientFor(p: ProviderRow, fetch: typeof globalThis.fetch): Promise<client.Configuration> {
  const key = sha256(`${p.issuer}\n${p.clientId}\n${p.clientSecret}`);
  const hit = clients.get(p.id);
  if (hit && hit.key === key && Date.now() - hit.at < CLIENT_TTL_MS) return hit.config;
  const config = discover(p, fetch as client.CustomFetch);
  clients.set(p.id, { key, at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => {
    if (clients.get(p.id)?.config === config) clients.delete(p.id);
  });
  return config;
}

/** Called when a provider changes or goes. */
export function forgetClient(providerId: string) {
  clients.delete(providerId);
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationUrl(config: client.Configuration, r: AuthorizationRequest): Promise<URL> {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: r.redirectUri,
    // profile: the name a user created on their first sign-in is given (the email's local part without it).
    scope: 'openid email profile',
    response_type: 'code',
    state: r.state,
    nonce: r.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(r.codeVerifier),
    code_challenge_method: 'S256',
  });
}

export const newCodeVerifier = client.randomPKCECodeVerifier;
export const newNonce = client.randomNonce;
export const newState = client.randomState;

export interface IdentityClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean | null;
  name: string | null;
}

const nameOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 120) : null);

const emailOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : null);
const verifiedOf = (v: unknown) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : null);

/**
 * Exchanges the code (state, PKCE verifier and nonce checked, the ID token's signature, issuer, audience and expiry
 * validated) and answers who signed in. Providers that keep the email out of the ID token (it is only required in
 * the UserInfo response when an access token is issued) are asked at their UserInfo endpoint, for the same subject.
 */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<IdentityClaims> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const idToken = tokens.claims()!;
  let email = emailOf(idToken.email);
  let verified = verifiedOf(idToken.email_verified);
  let name = nameOf(idToken.name);
  if (!email && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
    const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    email = emailOf(info.email);
    verified = verifiedOf(info.email_verified);
    name ??= nameOf(info.name);
  }
  return { sub: idToken.sub, email, emailVerified: verified, name };
}

/** The authorization response's error, if the provider sent one back instead of a code. */
export type ProviderError = 'cancelled' | 'failed';
export const providerErrorOf = (error: string): ProviderError => (error === 'access_denied' ? 'cancelled' : 'failed');
