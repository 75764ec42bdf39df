import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export function candidateRoutes(_app: FastifyInstance, _deps: AppDeps) {}
