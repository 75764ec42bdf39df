import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './harness';
import { PASSWORD } from './factories';

/** Signs in through the API and returns the bearer token. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD, enterpriseKey = 'test') {
  const res = await call(app, { enterpriseKey }, { method: 'POST', url: '/portal/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}
