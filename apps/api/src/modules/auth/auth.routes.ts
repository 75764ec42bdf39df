import type { FastifyInstance } from 'fastify';
import * as contract from '@hireline/contract/auth';
import type { AppDeps } from '../../deps';
import { signedFileUrl } from '../../platform/files';
import { normaliseHost } from '../../platform/host';
import { deviceCookieOf, knownDeviceCookie } from '../../platform/login-guard';
import { headerValue, route } from '../../platform/route';
import { clientOf } from '../../platform/sessions';
import { permissionsMapOf } from '../../platform/scope';
import { storeUpload } from '../../platform/uploads';
import { reachableAccounts, setAvatar, userName } from './auth.repo';
import { accountsElsewhere } from './accounts-elsewhere';
import * as service from './auth.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, contract.login, async ({ enterprise, body, req, reply }) => {
    const device = deviceCookieOf(req);
    const signedIn = await service.login(deps, enterprise, body.email, body.password, clientOf(req), device);
    // The second step's answer sets the cookie when two-step sign-in is on: the password alone signs nobody in.
    if (signedIn.kind === 'challenge') return signedIn.challenge;
    // Remembered so a later sign-in from this browser is not held up by someone else's guesses.
    reply.header('set-cookie', knownDeviceCookie(deps.config.appSecret, device, signedIn.userId, req.protocol === 'https'));
    return signedIn.session;
  });

  route(app, deps, contract.me, async ({ auth, memberships, enterprise, req }) => {
    // The branding token narrows the list to the brand the portal is showing (spec §7).
    const brand = headerValue(req, 'x-af-branding-token');
    const onlyAccountId = brand && UUID.test(brand) ? brand : undefined;
    const accounts = await reachableAccounts(deps.db, enterprise.id, memberships, onlyAccountId);
    // Signed in on a host whose brand lists none of their accounts: where their own accounts' portals are instead.
    const elsewhere = onlyAccountId && accounts.length === 0 ? await accountsElsewhere(deps, enterprise.id, memberships) : [];
    const imp = auth.impersonation;
    return {
      id: auth.user.id,
      name: auth.user.name,
      email: auth.user.email,
      avatar: auth.user.avatarFileId ? signedFileUrl(deps.config.appSecret, auth.user.avatarFileId) : null,
      permissions: permissionsMapOf(memberships),
      accounts,
      ...(elsewhere.length ? { accounts_elsewhere: elsewhere } : {}),
      ...(auth.mfaSetupRequired ? { mfa_setup_required: true as const } : {}),
      ...(imp
        ? {
            impersonating: {
              by: { id: imp.impersonatorUserId, name: await userName(deps.db, imp.impersonatorUserId) },
              redirect: imp.redirect,
              reason: imp.reason,
              expires_at: auth.expiresAt.toISOString(),
            },
          }
        : {}),
    };
  });

  route(app, deps, contract.logout, async ({ auth, req }) => {
    await service.logout(deps, auth, clientOf(req));
    return null;
  });

  route(app, deps, contract.forgotPassword, ({ enterprise, body, req }) =>
    service.forgotPassword(deps, enterprise, body.email, clientOf(req), normaliseHost(req.host)),
  );

  route(app, deps, contract.resetPassword, ({ enterprise, body, req }) =>
    service.resetPassword(deps, enterprise, body.token, body.password, clientOf(req)),
  );

  route(app, deps, contract.getUserAccount, ({ auth }) => service.getUserAccount(deps, auth));

  route(app, deps, contract.updateUserAccount, ({ auth, body, req }) =>
    service.updateUserAccount(deps, auth, body, clientOf(req)),
  );

  route(app, deps, contract.changePassword, ({ auth, body, req }) =>
    service.changePassword(deps, auth, body.current_password, body.password, clientOf(req)),
  );

  route(app, deps, contract.uploadAvatar, async ({ auth, req, scope }) => {
    const file = await storeUpload(deps, req, { purpose: 'avatar', ownerUserId: auth.user.id, accountId: scope.accountId });
    await setAvatar(deps.db, auth.user.id, file.id);
    return { avatar: file.url };
  });

  route(app, deps, contract.removeAvatar, async ({ auth }) => {
    await service.removeAvatar(deps, auth);
    return null;
  });
}
