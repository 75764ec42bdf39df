import type { FastifyInstance } from 'fastify';
import * as contract from '@hireline/contract/mfa';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { clientOf } from '../../platform/sessions';
import * as service from './mfa.service';

/** Two-step sign-in: the second step of a password sign-in, and the signed-in person's own setup. */
export function mfaRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, contract.loginMfa, ({ enterprise, body, req }) => service.loginWithCode(deps, enterprise, body, clientOf(req)));

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
