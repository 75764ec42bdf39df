import type { FastifyInstance } from 'fastify';
import { acceptInvitation, readInvitation } from '@hireline/contract/invitations';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { clientOf } from '../../platform/sessions';
import * as service from './invitations.service';

export function invitationRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, readInvitation, ({ enterprise, auth, body, req }) => service.read(deps, enterprise, auth, body.token, clientOf(req)));
  route(app, deps, acceptInvitation, ({ enterprise, auth, body, req }) => service.accept(deps, enterprise, auth, body, clientOf(req)));
}
