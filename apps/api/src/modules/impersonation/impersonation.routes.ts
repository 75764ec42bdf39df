import type { FastifyInstance } from 'fastify';
import * as contract from '@hireline/contract/impersonation';
import type { AppDeps } from '../../deps';
import { bearerToken } from '../../platform/auth';
import { route } from '../../platform/route';
import { clientOf } from '../../platform/sessions';
import * as service from './impersonation.service';

export function impersonationRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, contract.startImpersonation, ({ auth, memberships, body, req }) =>
    service.start(deps, { auth, memberships, token: bearerToken(req)!, client: clientOf(req) }, body),
  );

  route(app, deps, contract.stopImpersonation, ({ auth, req }) => service.stop(deps, auth, clientOf(req)));
}
