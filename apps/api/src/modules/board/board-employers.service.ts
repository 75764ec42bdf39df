import type { z } from 'zod';
import { employerRegistrationMessages, type registerEmployerBody } from '@hireline/contract/board-employers';
import type { EmployerStatus } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { openForm, sendFormWebhook, settingsOf, type WebhookLog } from '../../platform/board-forms';
import { hashPassword } from '../../platform/crypto';
import { HttpError } from '../../platform/errors';
import { tenantLink } from '../../platform/links';
import { composeMail, portalLocaleOf } from '../../platform/notify/compose';
import { asLocale } from '../../platform/notify/locale';
import { notify } from '../../platform/notify/notify';
import { siteStaff } from '../../platform/notify/recipients';
import { siteBrand } from '../../platform/site-brand';
import type { Board } from './board-host.service';
import * as repo from './board-employers.repo';

/*
 * An employer registering on a board with its first user, who signs in to the portal as its Employer admin. Where
 * the site requires approval the employer waits on hold (its membership does not count until then, so the user
 * cannot sign in yet); the site's staff are told and the employers module emails the registrant the decision.
 */

export type RegisterEmployerBody = z.output<typeof registerEmployerBody>;

/** Per client IP: a business registers once; a handful an hour allows for typos, not for probing who has an account. */
export const REGISTRATION_RATE_LIMIT = 5;
export const REGISTRATION_RATE_WINDOW_MS = 60 * 60_000;

/** A unique constraint the database refused (PostgreSQL and PGlite, wrapped by drizzle or not). */
function uniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === constraint;
  }
  return false;
}

type ExistingUser = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;

/**
 * Registering with the email of an existing staff user (of any account: users live at the enterprise) is answered as
 * any registration is, so the form cannot tell who has an account. Nothing is created or attached to that user; they
 * are told by email instead, once an hour at most, without anything the registrant typed in it.
 */
async function mailExistingUser(deps: AppDeps, board: Board, user: ExistingUser) {
  if (!user.enabled) return;
  const hour = Math.floor(Date.now() / REGISTRATION_RATE_WINDOW_MS);
  await deps.db.transaction(async (tx) => {
    // Registrants sign in to the portal: the link is on the account's portal domain.
    const mail = await composeMail(deps, tx, {
      kind: 'employer.register_existing',
      accountId: board.site.accountId,
      siteId: board.site.id,
      audience: 'portal',
      to: { email: user.email, name: user.name, locale: asLocale(user.locale) },
      vars: {},
      action: '/login',
      dedupeKey: `employer.register_existing:${user.id}:${hour}`,
    });
    // Worded and linked as the site, but not filed under its account: its mail viewer must not learn who has one.
    await deps.mailer.queue(tx, { ...mail, accountId: null, siteId: null });
  });
}

/** The portal language nearest the site's locale (`fr-CA` → `fr`), English when the portal does not speak it. */
export const userLocaleOf = (siteLocale: string | null): string => portalLocaleOf(siteLocale);

interface Registrant {
  name: string;
  email: string;
  locale: string;
}

/** What the registrant is told now; the decision on a registration on hold is emailed by the employers module. */
async function registrantMail(
  deps: AppDeps,
  tx: Tx,
  board: Board,
  employer: { id: string; businessName: string },
  user: Registrant,
  status: EmployerStatus,
) {
  const pending = status === 'pending';
  const mail = await composeMail(deps, tx, {
    kind: pending ? 'employer.registered' : 'employer.welcome',
    accountId: board.site.accountId,
    siteId: board.site.id,
    audience: 'portal',
    to: { email: user.email, name: user.name, locale: asLocale(user.locale) },
    vars: { employer_name: employer.businessName },
    action: pending ? null : '/login',
    dedupeKey: `employer.register:${employer.id}`,
  });
  await deps.mailer.queue(tx, mail);
  return siteBrand(tx, { accountId: board.site.accountId, siteId: board.site.id });
}

export async function registerEmployer(deps: AppDeps, board: Board, enterpriseId: string, b: RegisterEmployerBody, ip: string, log: WebhookLog) {
  const { site } = board;
  const settings = settingsOf(await repo.siteSettingsOf(deps.db, site));
  const form = openForm(settings, 'employer_registration');
  // Counted before anything else: registrations send email and hash passwords.
  await deps.rateLimiter.hit(`board:employer-register:ip:${ip}`, REGISTRATION_RATE_LIMIT, REGISTRATION_RATE_WINDOW_MS);

  const role = await repo.employerAdminRole(deps.db, site.accountId);
  if (!role) {
    // The account removed its Employer admin role: nobody could sign in for the employer, so take nothing in.
    log.warn({ accountId: site.accountId }, 'employer registration refused: the account has no employer_admin role');
    throw new HttpError(403, messages.formNotAvailable);
  }
  // Hashed whatever happens next, so an existing email takes as long to answer as a new one.
  const passwordHash = await hashPassword(b.user.password);
  const status: EmployerStatus = settings.employer_approval_required ? 'pending' : 'active';
  const locale = userLocaleOf(site.locale);
  // The registrant signs in to the account's portal, on its own domain.
  const loginUrl = await tenantLink(deps, deps.db, { accountId: site.accountId, siteId: site.id, audience: 'portal' }, '/login');
  const answer = { status, message: status === 'pending' ? employerRegistrationMessages.pending : employerRegistrationMessages.active, login_url: loginUrl };

  const existing = await repo.findUser(deps.db, enterpriseId, b.user.email);
  if (existing) {
    await mailExistingUser(deps, board, existing);
    return answer;
  }

  let employerId: string;
  try {
    employerId = await deps.db.transaction(async (tx) => {
      const now = new Date();
      const employer = await repo.insertEmployer(tx, {
        accountId: site.accountId,
        siteId: site.id,
        type: b.type,
        businessName: b.business_name,
        registrationNumber: b.registration_number ?? null,
        industry: b.industry ?? null,
        website: b.website ?? null,
        size: b.size ?? null,
        contactName: b.contact_name ?? b.user.name,
        contactEmail: b.user.email,
        phone: b.phone ?? null,
        address: b.address ?? null,
        about: b.about ?? null,
        status,
        approvedAt: status === 'active' ? now : null,
      });
      const user = await repo.insertUser(tx, { enterpriseId, email: b.user.email, name: b.user.name, passwordHash, locale });
      await repo.insertEmployerMembership(tx, {
        userId: user.id,
        enterpriseId,
        accountId: site.accountId,
        siteId: site.id,
        employerId: employer.id,
        roleId: role.id,
      });
      // The new user registers their own employer: they are the actor.
      const registrant = { enterpriseId, userId: user.id, impersonatorUserId: null, ip };
      await audit(
        tx,
        auditEntry(registrant, { type: 'employer', id: employer.id, accountId: site.accountId }, 'employer.register', {
          site_id: site.id,
          status,
          business_name: employer.businessName,
        }),
      );
      const brand = await registrantMail(deps, tx, board, employer, user, status);
      if (status === 'pending') {
        const staff = await siteStaff(tx, { accountId: site.accountId, siteId: site.id });
        await notify(deps, tx, {
          event: 'employer.pending',
          accountId: site.accountId,
          siteId: site.id,
          userIds: staff.map((s) => s.id),
          vars: { employer_name: employer.businessName },
          link: `/${brand.accountSlug}/${brand.slug}/employers/hold`,
          key: employer.id,
        });
      }
      return employer.id;
    });
  } catch (err) {
    // Another registration with this email committed between the check above and this insert: that one stands.
    if (!uniqueViolation(err, 'users_enterprise_email_unique')) throw err;
    const winner = await repo.findUser(deps.db, enterpriseId, b.user.email);
    if (winner) await mailExistingUser(deps, board, winner);
    return answer;
  }

  // After the commit and not awaited: the registration is stored whatever the receiver does.
  void sendFormWebhook(
    form,
    'employer_registration.submitted',
    {
      site_id: site.id,
      employer: {
        id: employerId,
        status,
        type: b.type,
        business_name: b.business_name,
        registration_number: b.registration_number ?? null,
        industry: b.industry ?? null,
        website: b.website ?? null,
        size: b.size ?? null,
        contact_name: b.contact_name ?? b.user.name,
        contact_email: b.user.email,
        phone: b.phone ?? null,
        address: b.address ?? null,
        about: b.about ?? null,
      },
      user: { name: b.user.name, email: b.user.email },
    },
    log,
    deps.outbound.fetch,
  );

  return answer;
}
