import type { FastifyInstance } from 'fastify';
import * as contract from '@hireline/contract/impersonation';
import type { AppDeps } from '../../deps';
import { bearerToken } from '../../platform/auth';
import { route } from '../../platform/route';
import { clientOf } from '../../platform/sessions';
import { startAsCandidate } from './candidate-impersonation.service';
import * as service from './impersonation.service';

export function impersonationRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, contract.startImpersonation, ({ auth, memberships, ability, scope, body, req }) => {
    const staff = { auth, memberships, token: bearerToken(req)!, client: clientOf(req) };
    return body.type === 'user' ? service.start(deps, staff, { ...body, type: 'user' }) : startAsCandidate(deps, staff, ability, scope, { ...body, type: body.type });
  });

  route(app, deps, contract.stopImpersonation, ({ auth, req }) => service.stop(deps, auth, clientOf(req)));
}
