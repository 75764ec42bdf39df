import { describe, expect, it } from 'vitest';
import { login, logout } from '@hireline/contract/auth';
import { getBranding } from '@hireline/contract/branding';
import type { Endpoint } from '@hireline/contract/endpoint';
import { listOAuthProviders, startOAuth } from '@hireline/contract/sso';
import { brandingRoute, oauthProvidersRoute, oauthStartRoute, signInRoute, signOutRoute, type EndpointRoute } from './endpoint-routes';

/* The routes the first page calls without the contract's schemas are the contract's own endpoints' routes. */

const routeOf = ({ method, path, access }: Endpoint) => ({ method, path, access });
const pairs: [string, EndpointRoute<Endpoint>, Endpoint][] = [
  ['branding', brandingRoute, getBranding],
  ['OAuth providers', oauthProvidersRoute, listOAuthProviders],
  ['OAuth start', oauthStartRoute, startOAuth],
  ['sign-in', signInRoute, login],
  ['sign-out', signOutRoute, logout],
];

describe('endpoint routes', () => {
  it.each(pairs)('%s is the contract endpoint’s method, path and access, without schemas', (_, route, endpoint) => {
    expect(route).toStrictEqual(routeOf(endpoint));
  });
});
