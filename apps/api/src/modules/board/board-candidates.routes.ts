import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  candidateForgotPassword,
  candidateLogin,
  candidateLogout,
  candidateResetPassword,
  registerCandidate,
  resendVerification,
  verifyCandidate,
} from '@hireline/contract/board-candidate-account';
import {
  deleteCandidateAccount,
  deleteCandidateDocument,
  exportCandidateData,
  getCandidateProfile,
  updateCandidateProfile,
  uploadCandidateFile,
} from '@hireline/contract/board-candidates';
import type { AppDeps } from '../../deps';
import { deviceCookieOf, knownDeviceCookie } from '../../platform/login-guard';
import { route } from '../../platform/route';
import type { SeekerAuth } from '../../platform/seeker-sessions';
import { clientOf } from '../../platform/sessions';
import type { Enterprise } from '../../platform/tenancy';
import * as profile from './board-candidate-profile.service';
import * as account from './board-candidates.service';
import { boardOf, candidateBoardOf } from './board-host.service';

/** The candidate route() settled, on the board the request is for: a board of another account is 401 (candidateBoardOf). */
async function signedIn(deps: AppDeps, ctx: { req: FastifyRequest; enterprise: Enterprise; seeker: SeekerAuth }, domain?: string) {
  const auth = ctx.seeker;
  const board = await candidateBoardOf(deps, ctx.req, ctx.enterprise.id, auth, domain);
  const caller: profile.Caller = { enterpriseId: ctx.enterprise.id, auth, ip: ctx.req.ip };
  return { board, caller };
}

/** Candidates' accounts on a board: signing up and in (public), then their own data (signed in). */
export function candidateRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, registerCandidate, async ({ req, enterprise, body }) =>
    account.register(deps, await boardOf(deps, req, enterprise.id, body.domain), enterprise.id, body, clientOf(req)),
  );

  route(app, deps, verifyCandidate, async ({ req, enterprise, body }) =>
    account.verify(deps, await boardOf(deps, req, enterprise.id, body.domain), enterprise.id, body.token, clientOf(req)),
  );

  route(app, deps, resendVerification, async ({ req, enterprise, body }) =>
    account.resendVerification(deps, await boardOf(deps, req, enterprise.id, body.domain), body.email, clientOf(req)),
  );

  route(app, deps, candidateLogin, async ({ req, reply, enterprise, body }) => {
    const board = await boardOf(deps, req, enterprise.id, body.domain);
    const device = deviceCookieOf(req, 'candidate');
    const { token, seekerId } = await account.login(deps, board, enterprise.id, body.email, body.password, clientOf(req), device);
    // Remembered so a later sign-in from this browser is not held up by someone else's guesses.
    reply.header('set-cookie', knownDeviceCookie(deps.config.appSecret, device, seekerId, req.protocol === 'https', Date.now(), 'candidate'));
    return token;
  });

  route(app, deps, candidateForgotPassword, async ({ req, enterprise, body }) =>
    account.forgotPassword(deps, await boardOf(deps, req, enterprise.id, body.domain), enterprise.id, body.email, clientOf(req)),
  );

  route(app, deps, candidateResetPassword, async ({ req, enterprise, body }) =>
    account.resetPassword(deps, await boardOf(deps, req, enterprise.id, body.domain), enterprise.id, body.token, body.password, clientOf(req)),
  );

  // The endpoints below name no `domain`: their board is the request's Host.
  route(app, deps, candidateLogout, async (ctx) => {
    const { caller } = await signedIn(deps, ctx);
    await account.logout(deps, caller.enterpriseId, caller.auth, caller.ip);
    return null;
  });

  route(app, deps, getCandidateProfile, async (ctx) => {
    const { board, caller } = await signedIn(deps, ctx, ctx.query.domain);
    return profile.getProfile(deps, board, caller.auth);
  });

  route(app, deps, updateCandidateProfile, async (ctx) => {
    const { board, caller } = await signedIn(deps, ctx, ctx.query.domain);
    return profile.updateProfile(deps, board, caller, ctx.body);
  });

  route(app, deps, uploadCandidateFile, async (ctx) => profile.uploadFile(deps, ctx.req, (await signedIn(deps, ctx)).caller));

  route(app, deps, deleteCandidateDocument, async (ctx) => {
    await profile.deleteDocument(deps, (await signedIn(deps, ctx)).caller, ctx.params.uuid);
    return null;
  });

  route(app, deps, exportCandidateData, async (ctx) => profile.exportData(deps, (await signedIn(deps, ctx)).caller));

  // Refused while a staff member acts as the candidate (notWhileImpersonating, before this runs).
  route(app, deps, deleteCandidateAccount, async (ctx) => {
    await profile.deleteAccount(deps, (await signedIn(deps, ctx)).caller, ctx.body.password);
    return null;
  });
}
