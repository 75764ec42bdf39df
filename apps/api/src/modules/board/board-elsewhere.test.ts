import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { messages } from '@hireline/contract/messages';
import { seekers } from '../../db/schema/seekers';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { candidateClient, nextEmail, nextIp, PASSWORD, signUp } from '../../test/candidates';
import { coded } from '../../test/errors';

/* A candidate of one account signing in on another account's board (ADR 016). */

let t: TestApp;
let alpha: Tenant;
let beta: Tenant;
let alphaBoard: string;
let betaBoard: string;
beforeAll(async () => {
  t = await createTestApp();
  alpha = await createTenant(t.deps.db, { name: 'Alpha' });
  beta = await createTenant(t.deps.db, { name: 'Beta' });
  alphaBoard = `jobs.${alpha.account.domain}`;
  betaBoard = `jobs.${beta.account.domain}`;
});
afterAll(() => t.close());

const signInOn = (host: string, email: string, password: string) =>
  candidateClient(t, host, undefined, nextIp()).post('/v1/board/candidates/login', { email, password });
const invalidCredentials = coded({ message: messages.invalidCredentials });

describe('signing in on another account’s board', () => {
  it('with the correct password: 401 that names the board of their account and links to its sign-in page', async () => {
    const { email } = await signUp(t, betaBoard);
    const res = await signInOn(alphaBoard, email, PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(coded({
      message: candidateMessages.accountElsewhere,
      code: 'account_elsewhere',
      elsewhere: { name: 'Beta Jobs', url: `http://${betaBoard}/sign-in` },
    }));
    // No session anywhere: they sign in on their own board.
    expect(res.json()).not.toHaveProperty('access_token');
    expect((await signInOn(betaBoard, email, PASSWORD)).statusCode).toBe(200);
  });

  it('with a wrong password, or an email nobody has: the same answer as any failed sign-in, naming nothing', async () => {
    const { email } = await signUp(t, betaBoard);
    const wrong = await signInOn(alphaBoard, email, 'Not-the-password-1');
    const nobody = await signInOn(alphaBoard, nextEmail('nobody'), PASSWORD);
    for (const res of [wrong, nobody]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(invalidCredentials);
    }
  });

  it('names nothing for a candidate elsewhere who is disabled or has not confirmed the email', async () => {
    const disabled = await signUp(t, betaBoard);
    await t.deps.db.update(seekers).set({ enabled: false }).where(eq(seekers.id, disabled.id));
    expect((await signInOn(alphaBoard, disabled.email, PASSWORD)).json()).toEqual(invalidCredentials);

    const unconfirmed = nextEmail('unconfirmed');
    const reg = await candidateClient(t, betaBoard, undefined, nextIp()).post('/v1/board/candidates/register', { name: 'Una', email: unconfirmed, password: PASSWORD });
    expect(reg.statusCode).toBe(202);
    expect((await signInOn(alphaBoard, unconfirmed, PASSWORD)).json()).toEqual(invalidCredentials);
  });

  it('an account on this board too is the one signed in to: the other account is never consulted', async () => {
    const email = nextEmail('both');
    await signUp(t, betaBoard, { email });
    await signUp(t, alphaBoard, { email, password: 'Alpha-own-pass-1' });
    // The password of the Beta account, not this board's: an ordinary wrong password here.
    expect((await signInOn(alphaBoard, email, PASSWORD)).json()).toEqual(invalidCredentials);
    expect((await signInOn(alphaBoard, email, 'Alpha-own-pass-1')).statusCode).toBe(200);
  });
});
