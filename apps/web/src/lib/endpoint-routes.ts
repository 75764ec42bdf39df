import type { login, logout } from '@hireline/contract/auth';
import type { getBranding } from '@hireline/contract/branding';
import type { Endpoint } from '@hireline/contract/endpoint';
import type { listOAuthProviders, startOAuth } from '@hireline/contract/sso';

/**
 * A contract endpoint named by its route alone, without its schemas, for what the signed-out first page calls: the
 * contract's endpoint modules build their schemas with Zod as they load, and neither is needed to show the login
 * page (bench/README.md, "Portal"). Typed as the endpoint itself (the imports above are types only), and held to
 * the contract by endpoint-routes.test.ts.
 *
 * Its answer is taken as the API sent it, not checked against the schema here as other answers are (a check that
 * only reports a drift to developers): the API serialises every answer through that same schema before sending it.
 */
export interface EndpointRoute<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: string;
  readonly access: E['access'];
  readonly response?: undefined;
  /** Never set: carries the endpoint's type, so requests and answers are typed as the endpoint's. */
  readonly endpoint?: E;
}

const route = <E extends Endpoint>(r: EndpointRoute<E>) => r;

/** Asked at every start, before anything is drawn (app/init.ts). */
export const brandingRoute = route<typeof getBranding>({ method: 'GET', path: '/accounts/branding', access: { public: true } });

/** The login page's single sign-on buttons. */
export const oauthProvidersRoute = route<typeof listOAuthProviders>({ method: 'GET', path: '/auth/oauth/providers', access: { public: true } });
export const oauthStartRoute = route<typeof startOAuth>({ method: 'GET', path: '/auth/oauth/:provider/start', access: { public: true } });

/** Recognised by the API client, which treats a 401 of these as no expiry (the sign-in itself is sent in full). */
export const signInRoute = route<typeof login>({ method: 'POST', path: '/auth/login', access: { public: true } });
export const signOutRoute = route<typeof logout>({ method: 'DELETE', path: '/auth/logout', access: { subject: 'portal', action: 'access' } });
