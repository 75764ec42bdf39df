import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export function employerRegistrationRoutes(_app: FastifyInstance, _deps: AppDeps) {}
