import type { FastifyInstance } from 'fastify';
import * as contract from '@hireline/contract/mfa';
import type { AppDeps } from '../../deps';
import { deviceCookieOf, knownDeviceCookie } from '../../platform/login-guard';
import { route } from '../../platform/route';
import { clientOf } from '../../platform/sessions';
import * as service from './mfa.service';

/** Two-step sign-in: the second step of a password sign-in, and the signed-in person's own setup. */
export function mfaRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, contract.loginMfa, async ({ enterprise, body, req, reply }) => {
    const device = deviceCookieOf(req);
    const { session, userId } = await service.loginWithCode(deps, enterprise, body, clientOf(req), device);
    // Signed in: this browser is remembered, as after a password-only sign-in (auth.routes.ts).
    reply.header('set-cookie', knownDeviceCookie(deps.config.appSecret, device, userId, req.protocol === 'https'));
    return session;
  });

  route(app, deps, contract.getMfa, ({ auth, memberships }) => service.status(deps, auth, memberships));

  route(app, deps, contract.startMfaSetup, ({ auth, enterprise }) => service.startSetup(deps, auth, enterprise));

  route(app, deps, contract.confirmMfaSetup, ({ auth, body, req }) => service.confirmSetup(deps, auth, body.code, clientOf(req)));

  route(app, deps, contract.regenerateRecoveryCodes, ({ auth, body, req }) =>
    service.regenerateRecoveryCodes(deps, auth, body.code, clientOf(req)),
  );

  route(app, deps, contract.disableMfa, ({ auth, memberships, body, req }) =>
    service.disable(deps, auth, memberships, body, clientOf(req)),
  );
}
