import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { userMfa } from '../db/schema/mfa';
import { call, type TestApp } from './harness';

/** The code an authenticator app shows for this secret, `steps` 30-second steps from now (computed by otpauth). */
export const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * Forgets which step was last used, so a test can use the current code again without waiting 30 seconds for the
 * next one (the replay rule itself is tested on its own).
 */
export const forgetLastStep = (t: TestApp, userId: string) =>
  t.deps.db.update(userMfa).set({ lastUsedStep: null }).where(eq(userMfa.userId, userId));

/** Sets two-step sign-in up through the API for the signed-in user; answers the secret and the recovery codes. */
export async function setUpMfa(t: TestApp, token: string, userId: string) {
  const start = await call(t.app, { token }, { method: 'POST', url: '/portal/v1/user-account/mfa/setup' });
  expect(start.statusCode, start.body).toBe(200);
  const secret = start.json().secret as string;
  const confirm = await call(t.app, { token }, { method: 'POST', url: '/portal/v1/user-account/mfa/confirm', payload: { code: codeFor(secret) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  await forgetLastStep(t, userId);
  return { secret, recoveryCodes: confirm.json().recovery_codes as string[] };
}

/** Password then code: the token of a full two-step sign-in. */
export async function loginWithMfa(t: TestApp, email: string, password: string, secret: string) {
  const first = await call(t.app, {}, { method: 'POST', url: '/portal/auth/login', payload: { email, password } });
  expect(first.json().mfa_required, first.body).toBe(true);
  const second = await call(t.app, {}, {
    method: 'POST',
    url: '/portal/auth/login/mfa',
    payload: { mfa_token: first.json().mfa_token, code: codeFor(secret) },
  });
  expect(second.statusCode, second.body).toBe(200);
  return second.json().access_token as string;
}
