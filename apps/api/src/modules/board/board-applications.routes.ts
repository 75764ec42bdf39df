import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export function candidateApplicationRoutes(_app: FastifyInstance, _deps: AppDeps) {}
