import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParams, requiredString, roleKey, siteSlug, timestamp, uuid } from './common';
import { messages } from './messages';
import { formatMessage } from './message-codes';
import { ssoMessages } from './sso-messages';

export { ssoMessages };

/*
 * Single sign-on with OpenID Connect providers configured per account (DESIGN §5, docs/sso.md). Account admins manage
 * the providers of the selected account; the login page lists the providers of the account its host belongs to, and
 * the browser is sent through start → the provider → callback, which ends on the portal's `/auth/sso` page.
 */

const tags = ['sso'];


/** Loopback hosts, where plain http is allowed (tests and development against a local provider). */
export const loopbackHosts: readonly string[] = ['localhost', '127.0.0.1'];

/** An issuer identifier: https (http only on loopback), no query or fragment (OpenID Connect Discovery §2). */
export function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.includes(url.hostname));
}

export const issuerUrl = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(500, { error: ssoMessages.issuer, abort: true })
  .refine(isIssuerUrl, { error: ssoMessages.issuer });

const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Email domains allowed to sign in, lowercased and listed once; empty = any domain. */
export const allowedDomains = z
  .array(
    z
      .string({ error: ssoMessages.domain })
      .trim()
      .toLowerCase()
      .regex(domainPattern, { error: ssoMessages.domain }),
    { error: messages.invalid },
  )
  .max(50, { error: ssoMessages.domainCount })
  .transform((list) => [...new Set(list)]);

/** A path on the portal's own origin (`/acme/jobs`), never `//host`, `/\host` or an absolute URL. */
export function isSafeRedirect(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return value.length <= 2000 && /^\/(?![/\\])/.test(value) && !/[\\\u0000-\u001f\u007f]/.test(value);
}

const flag = z.boolean({ error: messages.invalid });

/**
 * What someone the provider vouches for, who has no access to the account yet, gets on their first sign-in: a role of
 * the account (`site_id` null) or of one of its sites. Null: nobody is created, only invited people sign in.
 */
export const newUsersInput = z
  .strictObject({ role: roleKey, site_id: uuid.nullable().optional() }, { error: messages.invalid })
  .nullable();

export const newUsers = z.object({ role: z.string(), role_name: z.string(), site_id: uuid.nullable(), site_name: z.string().nullable() }).nullable();

export const oauthProvider = z.object({
  id: uuid,
  slug: z.string(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  /** The client secret is write-only: only whether one is stored. */
  has_secret: z.boolean(),
  allowed_domains: z.array(z.string()),
  enabled: z.boolean(),
  new_users: newUsers,
  created_at: timestamp,
  updated_at: timestamp,
});
export type OAuthProvider = z.infer<typeof oauthProvider>;

const access = { subject: 'accounts', action: 'update' };

export const listAccountOAuthProviders = endpoint({
  method: 'GET',
  path: '/v1/accounts/oauth-providers',
  summary: "The selected account's OpenID Connect providers, disabled ones included (client secrets are never answered)",
  tags,
  access,
  level: 'account',
  response: z.array(oauthProvider),
});

export const createOAuthProviderBody = z.strictObject({
  name: requiredString(80),
  /** Part of the callback URL registered at the provider, so it never changes once created. */
  slug: siteSlug,
  issuer: issuerUrl,
  client_id: requiredString(255),
  client_secret: requiredString(1000),
  allowed_domains: allowedDomains.default([]),
  enabled: flag.default(true),
  new_users: newUsersInput.default(null),
});

export const createOAuthProvider = endpoint({
  method: 'POST',
  path: '/v1/accounts/oauth-providers',
  summary: 'Add an OpenID Connect provider to the selected account',
  tags,
  givesRole: true,
  access,
  level: 'account',
  body: createOAuthProviderBody,
  status: 201,
  response: oauthProvider,
});

export const updateOAuthProviderBody = z.strictObject({
  name: requiredString(80).optional(),
  issuer: issuerUrl.optional(),
  client_id: requiredString(255).optional(),
  /** Empty or absent keeps the stored secret. */
  client_secret: z
    .string({ error: messages.invalid })
    .trim()
    .max(1000, { error: formatMessage('max_length', { max: 1000 }) })
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  allowed_domains: allowedDomains.optional(),
  enabled: flag.optional(),
  new_users: newUsersInput.optional(),
});

export const updateOAuthProvider = endpoint({
  method: 'PATCH',
  path: '/v1/accounts/oauth-providers/:id',
  summary:
    "Change a provider's name, issuer, client, allowed domains, what new users get or whether it is offered (the slug never changes)",
  tags,
  givesRole: true,
  access,
  level: 'account',
  params: idParams,
  body: updateOAuthProviderBody,
  response: oauthProvider,
});

export const deleteOAuthProvider = endpoint({
  method: 'DELETE',
  path: '/v1/accounts/oauth-providers/:id',
  summary: 'Remove a provider: its sign-in button goes; users keep their access and sign in another way',
  tags,
  access,
  level: 'account',
  params: idParams,
  status: 204,
  response: z.null(),
});

/* Public: what the login page offers, and the browser's way through the provider. */

export const listOAuthProviders = endpoint({
  method: 'GET',
  path: '/auth/oauth/providers',
  summary: 'The enabled sign-in providers of the account whose portal is this host (the same lookup as the branding)',
  tags,
  access: { public: true },
  query: z.object({ domain: z.string().trim().min(1).max(253).optional() }),
  response: z.array(z.object({ slug: z.string(), name: z.string() })),
});

export const startOAuth = endpoint({
  method: 'GET',
  path: '/auth/oauth/:provider/start',
  summary:
    "Browser navigation: 302 to the provider's authorization endpoint (PKCE, nonce); 404 'Unknown OAuth provider.' for a provider this host's account does not offer (a browser asking for HTML goes to /login?sso_error=… instead)",
  tags,
  access: { public: true },
  // A browser navigates here, so no X-AF-EID: the deployment's own enterprise is used.
  withoutEnterprise: true,
  params: z.object({ provider: z.string() }),
  query: z.object({ redirect: z.string().optional() }),
  response: z.unknown(),
});

export const oauthCallback = endpoint({
  method: 'GET',
  path: '/auth/oauth/:provider/callback',
  summary:
    "The provider's redirect back: 302 to the portal's /auth/sso#token=…&redirect=… when signed in, else to /login?sso_error=<message>",
  tags,
  access: { public: true },
  withoutEnterprise: true,
  params: z.object({ provider: z.string() }),
  query: z.record(z.string(), z.unknown()),
  response: z.unknown(),
});
