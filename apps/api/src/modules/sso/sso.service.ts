import { messages } from '@hireline/contract/messages';
import { isSafeRedirect, ssoMessages } from '@hireline/contract/sso';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { safeEqual } from '../../platform/crypto';
import { HttpError, invalid } from '../../platform/errors';
import { loadMemberships } from '../../platform/scope';
import { startSession, type ClientInfo } from '../../platform/sessions';
import { authorizationUrl, clientFor, exchangeCode, newCodeVerifier, newNonce, newState, providerErrorOf } from './oidc';
import * as repo from './sso.repo';
import type { ProviderRow } from './sso.repo';
import { openState, sealState, type SsoState } from './sso-state';

/*
 * Signing in through an account's OpenID Connect provider. The account is the one whose portal the browser is on
 * (the branding lookup); the user is matched by the email the provider vouches for (docs/sso.md says who may and
 * why nobody is created here).
 */

/** Where the portal takes over: the token in the fragment (never sent to a server or kept in logs), then `redirect`. */
export const PORTAL_SSO_PATH = '/auth/sso';
export const PORTAL_LOGIN_PATH = '/login';

/** A sign-in that cannot go on; `message` is shown on the login page, `reason` goes to the audit log. */
export class SsoError extends Error {
  constructor(
    message: string,
    readonly reason: string,
    /** What went wrong underneath (logged, never shown). */
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

const unknownProvider = () => new HttpError(404, messages.unknownOAuthProvider);

/** The enabled provider `slug` of the account whose portal is `host`, as the branding endpoint finds the account. */
async function providerOfHost(deps: AppDeps, host: string, slug: string): Promise<{ enterpriseId: string; provider: ProviderRow }> {
  const enterprise = await deps.resolveEnterprise(deps.config.enterpriseKey);
  const branding = await deps.branding.byDomain(enterprise.id, host).catch(() => null);
  const provider = branding && slug.length <= 40 ? await repo.findEnabledProviderBySlug(deps.db, branding.id, slug) : null;
  if (!provider) throw unknownProvider();
  return { enterpriseId: enterprise.id, provider };
}

/** The login page's buttons: the enabled providers of the host's account (none for an unknown host). */
export async function providersOfHost(deps: AppDeps, enterpriseId: string, host: string) {
  const branding = await deps.branding.byDomain(enterpriseId, host).catch(() => null);
  return branding ? repo.listEnabledProviders(deps.db, branding.id) : [];
}

export const callbackPath = (slug: string) => `/portal/auth/oauth/${encodeURIComponent(slug)}/callback`;

/**
 * The first leg: where to send the browser (the provider's authorization endpoint) and the value of the cookie that
 * ties the callback to this browser. `origin` is this request's own (`https://acme.example`), so the provider sends
 * the browser back to the host it started on, where the portal keeps its session.
 */
export async function startSignIn(deps: AppDeps, r: { slug: string; host: string; origin: string; redirect: string | undefined }) {
  const redirect = r.redirect ?? '/';
  if (!isSafeRedirect(redirect)) throw invalid({ redirect: [ssoMessages.redirect] });
  const { enterpriseId, provider } = await providerOfHost(deps, r.host, r.slug);
  const config = await clientFor(provider, deps.outbound.fetch).catch((err: unknown) => {
    throw new SsoError(ssoMessages.unavailable, 'discovery_failed', err);
  });
  const state = newState();
  const nonce = newNonce();
  const codeVerifier = newCodeVerifier();
  const redirectUri = `${r.origin}${callbackPath(provider.slug)}`;
  const sealed = sealState(deps.config.appSecret, {
    enterpriseId,
    accountId: provider.accountId,
    providerId: provider.id,
    state,
    nonce,
    codeVerifier,
    redirect,
    redirectUri,
  });
  const url = await authorizationUrl(config, { redirectUri, state: sealed, nonce, codeVerifier });
  return { location: url.href, cookie: state };
}

export interface CallbackInput {
  slug: string;
  query: Record<string, unknown>;
  /** The binding cookie the start set, if the browser sent it back. */
  cookie: string | undefined;
  origin: string;
  client: ClientInfo;
}

/** The second leg: the provider's answer → a session, or an SsoError to show on the login page. Answers the portal URL. */
export async function finishSignIn(deps: AppDeps, input: CallbackInput): Promise<string> {
  const param = (name: string) => (typeof input.query[name] === 'string' ? (input.query[name] as string) : undefined);
  const sealed = param('state');
  const s = sealed ? openState(deps.config.appSecret, sealed) : null;
  // Sealed by us, not expired, started in this browser and coming back to the host it started on.
  if (!s || !input.cookie || !safeEqual(input.cookie, s.state) || new URL(s.redirectUri).origin !== input.origin) {
    throw new SsoError(ssoMessages.expired, 'state_invalid');
  }
  // Still enabled, in a still enabled account, and the one this callback URL names.
  const provider = await repo.findSignInProvider(deps.db, s.accountId, s.providerId);
  if (!provider || provider.slug !== input.slug) throw new SsoError(messages.unknownOAuthProvider, 'unknown_provider');

  const fail = async (message: string, reason: string, who: { email?: string; userId?: string; detail?: unknown } = {}): Promise<never> => {
    await audit(deps.db, {
      enterpriseId: s.enterpriseId,
      accountId: s.accountId,
      actorUserId: who.userId ?? null,
      action: 'auth.login_failed',
      data: { method: 'sso', provider: provider.slug, reason, ...(who.email ? { email: who.email } : {}) },
      ip: input.client.ip,
    });
    throw new SsoError(message, reason, who.detail);
  };

  const error = param('error');
  if (error) return fail(providerErrorOf(error) === 'cancelled' ? ssoMessages.cancelled : ssoMessages.failed, `provider_${error.slice(0, 40)}`);
  const identity = await signedInIdentity(deps, provider, s, sealed!, input).catch((err: unknown) =>
    err instanceof SsoError
      ? fail(err.message, err.reason, { detail: err.detail })
      : fail(ssoMessages.failed, 'code_exchange_failed', { detail: err }),
  );

  const { email } = identity;
  if (!email) return fail(ssoMessages.emailMissing, 'email_missing');
  if (identity.emailVerified === false) return fail(ssoMessages.emailUnverified, 'email_unverified', { email });
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (provider.allowedDomains.length && !provider.allowedDomains.includes(domain)) return fail(ssoMessages.domainNotAllowed, 'domain_not_allowed', { email });

  let user = await repo.findUserByEmail(deps.db, s.enterpriseId, email);
  if (user && !user.enabled) return fail(ssoMessages.disabled, 'user_disabled', { email, userId: user.id });
  const ms = user ? await loadMemberships(deps.db, user.id) : [];
  // The account's admins choose the provider, so it may vouch only for people whose whole reach is this account:
  // enterprise staff and people of other accounts would otherwise be handed to whoever runs it.
  const elsewhere = ms.some((m) => m.accountId !== s.accountId);
  // Someone this account invited signs in to accept the invitation (which grants nothing until they do).
  const invitedHere = !elsewhere && user !== null && (await repo.hasPendingInvitation(deps.db, s.accountId, user.id));
  if (!invitedHere && !ms.some((m) => m.accountId === s.accountId)) {
    // Someone new to the account: given the provider's access when its admins chose one, else refused (an
    // invitation makes a user who can then sign in this way).
    const access = elsewhere ? null : await repo.newUserAccess(deps.db, provider);
    if (!access) return fail(ssoMessages.noAccess, 'no_access', { email, userId: user?.id });
    user = await deps.db.transaction(async (tx) => {
      const created = await repo.provisionUser(tx, { enterpriseId: s.enterpriseId, accountId: s.accountId, email, name: identity.name ?? email.slice(0, email.indexOf('@')), access });
      // The new user signs themselves in: they are both the actor and the subject.
      const self = { enterpriseId: s.enterpriseId, userId: created.id, impersonatorUserId: null, ip: input.client.ip };
      await audit(
        tx,
        auditEntry(self, { type: 'user', id: created.id, accountId: s.accountId }, 'user.provision', {
          method: 'sso',
          provider: provider.slug,
          email,
          role: access.roleKey,
          site_id: access.siteId,
          new_user: !user,
        }),
      );
      return created;
    });
  } else if (elsewhere) {
    return fail(ssoMessages.outsideAccount, 'outside_account', { email, userId: user!.id });
  }

  const session = await startSession(deps, {
    enterpriseId: s.enterpriseId,
    userId: user!.id,
    client: input.client,
    accountId: s.accountId,
    data: { method: 'sso', provider: provider.slug },
  });
  const fragment = new URLSearchParams({ token: session.access_token, redirect: s.redirect });
  return `${PORTAL_SSO_PATH}#${fragment.toString()}`;
}

async function signedInIdentity(deps: AppDeps, provider: ProviderRow, s: SsoState, sealed: string, input: CallbackInput) {
  const config = await clientFor(provider, deps.outbound.fetch).catch((err: unknown) => {
    throw new SsoError(ssoMessages.unavailable, 'discovery_failed', err);
  });
  // openid-client reads the code (and the RFC 9207 `iss`) from this URL and sends its origin and path as redirect_uri.
  const callbackUrl = new URL(s.redirectUri);
  for (const [k, v] of Object.entries(input.query)) if (typeof v === 'string') callbackUrl.searchParams.set(k, v);
  return exchangeCode(config, callbackUrl, { state: sealed, nonce: s.nonce, codeVerifier: s.codeVerifier });
}

/** The login page with the message to show. */
export const loginErrorLocation = (message: string) => `${PORTAL_LOGIN_PATH}?${new URLSearchParams({ sso_error: message }).toString()}`;
