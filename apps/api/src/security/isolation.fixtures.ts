import { and, eq, isNull } from 'drizzle-orm';
import { employers } from '../db/schema/employers';
import { flaggedJobReports, jobFeedbacks } from '../db/schema/jobs';
import { memberships, oauthProviders, roles, users } from '../db/schema/identity';
import { notifications } from '../db/schema/notifications';
import { creditPurchases } from '../db/schema/credits';
import { emailOutbox } from '../db/schema/platform';
import { createTenant, type Tenant } from '../test/factories';
import type { Caller, TestApp } from '../test/harness';
import { login } from '../test/login';
import { addConsultant, addProduct, addLiveJob } from '../test/jobs';
import { userWith } from '../test/people';
import { addApplication, addSeekerFile } from '../test/applications';
import { signedInCandidate } from '../test/candidates';

/**
 * The world the isolation matrix attacks: a victim account A full of records of every kind, and callers who must
 * never reach them: the admin of another account B, the manager of A's other site, the admin of another employer on
 * the victim's own site, a colleague (for one user's own records), a user whose role grants nothing, candidates of
 * B's board and of A's board.
 *
 * Each victim record has the narrowest level that owns it. A site's manager may see the account's candidates (they
 * are the account's, DESIGN §6) but never another site's jobs; an employer never another employer's.
 */

export type Level = 'account' | 'site' | 'employer' | 'user' | 'candidate';

export interface VictimRecord {
  id: string;
  level: Level;
}

export interface World {
  a: Tenant;
  b: Tenant;
  records: Record<string, VictimRecord>;
  /** Strings that only the victim's records contain, by the level that owns them. */
  markers: Record<Level, string[]>;
  staff: {
    victim: Caller;
    otherAccount: Caller;
    otherAccountForged: Caller;
    otherSite: Caller;
    otherSiteForged: Caller;
    otherEmployer: Caller;
    otherEmployerForged: Caller;
    colleague: Caller;
    noPermission: Caller;
    /** The enterprise's own administrator: the rightful reader of enterprise-level routes. */
    enterprise: Caller;
  };
  hosts: { a: string; b: string };
  candidates: { victim: string; sameBoard: string; otherBoard: string };
}

let seq = 0;

/** A user with one of the account's default roles at `site` (and `employer`), signed in. */
async function member(t: TestApp, tenant: Tenant, roleKey: string, scope: { siteId: string; employerId?: string }) {
  const db = t.deps.db;
  const [role] = await db.select().from(roles).where(and(eq(roles.accountId, tenant.account.id), eq(roles.key, roleKey)));
  const [user] = await db
    .insert(users)
    .values({ enterpriseId: tenant.enterpriseId, email: `${roleKey}${++seq}.${tenant.account.slug}@example.test`, name: `Attacker ${seq}`, passwordHash: await passwordHashOf(t, tenant) })
    .returning();
  await db.insert(memberships).values({
    userId: user!.id,
    enterpriseId: tenant.enterpriseId,
    scopeType: scope.employerId ? 'employer' : 'site',
    accountId: tenant.account.id,
    siteId: scope.siteId,
    employerId: scope.employerId ?? null,
    roleId: role!.id,
  });
  return login(t.app, user!.email);
}

/** The factory users' hash, so new users sign in with the factory password without hashing again. */
async function passwordHashOf(t: TestApp, tenant: Tenant) {
  const [u] = await t.deps.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, tenant.users.accountAdmin.id));
  return u!.h!;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const db = t.deps.db;
  const a = await createTenant(db, { name: 'Victim' });
  const b = await createTenant(db, { name: 'Attacker' });
  const tag = a.account.slug;

  const product = await addProduct(t, a);
  const consultant = await addConsultant(t, a, { name: `Victim consultant ${tag}` });
  const job = await addLiveJob(t, a, { title: `Victim job ${tag}`, consultantId: consultant.id });
  const victim = await signedInCandidate(t, a, { name: `Victim candidate ${tag}` });
  const document = await addSeekerFile(t, victim.seeker, { purpose: 'document', listed: true, name: 'victim-passport.pdf' });
  const resume = await addSeekerFile(t, victim.seeker, { name: 'victim-resume.pdf' });
  const application = await addApplication(t, job, victim.seeker, { resumeFileId: resume });
  await db.insert(jobFeedbacks).values({ accountId: a.account.id, siteId: job.siteId, jobId: job.id, seekerId: victim.seeker.id, rating: 4, employerRecommended: true, comment: `Victim feedback ${tag}` });
  await db.insert(flaggedJobReports).values({ accountId: a.account.id, siteId: job.siteId, jobId: job.id, reason: 'scam', additionalComments: `Victim report ${tag}` });
  const [notice] = await db
    .insert(notifications)
    .values({ accountId: a.account.id, siteId: a.sites[0].id, userId: a.users.accountAdmin.id, event: 'application.created', subject: `Victim notice ${tag}`, content: 'x' })
    .returning();
  await t.deps.mailer.queue(db, { to: a.users.accountAdmin.email, subject: `Victim mail ${tag}`, html: '<p>x</p>', text: 'x', event: 'test', dedupeKey: `victim-${tag}`, accountId: null });
  const [mail] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, `victim-${tag}`));
  const [purchase] = await db
    .insert(creditPurchases)
    .values({
      accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id, quantity: 5, unitPriceCents: 1000, subtotalCents: 5000,
      totalCents: 5000, currency: 'USD', provider: 'sandbox', providerSessionId: `victim-${tag}`, createdByUserId: a.users.accountAdmin.id,
    })
    .returning();
  const [provider] = await db
    .insert(oauthProviders)
    .values({ accountId: a.account.id, slug: 'victim-sso', name: `Victim SSO ${tag}`, issuer: 'https://id.victim.test', clientId: `victim-client-${tag}`, clientSecret: `victim-secret-${tag}` })
    .returning();
  const [role] = await db.select().from(roles).where(and(eq(roles.accountId, a.account.id), eq(roles.key, 'site_manager')));
  // Another employer on the victim's own site, whose admin must still not see the victim employer's records.
  const [rival] = await db
    .insert(employers)
    .values({ accountId: a.account.id, siteId: a.sites[0].id, type: 'business', businessName: `Rival ${tag}`, status: 'active' })
    .returning();

  const records: Record<string, VictimRecord> = {
    account: { id: a.account.id, level: 'account' },
    site: { id: a.sites[0].id, level: 'site' },
    employer: { id: a.employers[0].id, level: 'employer' },
    employerUser: { id: a.users.employerAdmin.id, level: 'employer' },
    accountUser: { id: a.users.siteManager.id, level: 'account' },
    role: { id: role!.id, level: 'account' },
    provider: { id: provider!.id, level: 'account' },
    product: { id: product.id, level: 'site' },
    consultant: { id: consultant.id, level: 'site' },
    job: { id: job.id, level: 'employer' },
    application: { id: application.id, level: 'employer' },
    applicationFile: { id: resume, level: 'employer' },
    seeker: { id: victim.seeker.id, level: 'account' },
    seekerFile: { id: document, level: 'account' },
    purchase: { id: purchase!.id, level: 'employer' },
    notification: { id: notice!.id, level: 'user' },
    mail: { id: mail!.id, level: 'user' },
    candidateApplication: { id: application.id, level: 'candidate' },
    candidateDocument: { id: document, level: 'candidate' },
  };
  const idsAt = (levels: Level[]) => Object.values(records).filter((r) => levels.includes(r.level)).map((r) => r.id);
  const markers: Record<Level, string[]> = {
    user: [...idsAt(['user']), `Victim notice ${tag}`, `Victim mail ${tag}`],
    employer: [...idsAt(['employer', 'user']), `Victim job ${tag}`, `Victim notice ${tag}`],
    site: [...idsAt(['site', 'employer', 'user']), `Victim job ${tag}`, `Victim consultant ${tag}`, `Victim report ${tag}`],
    candidate: [victim.seeker.id, victim.seeker.email, application.id, document, 'victim-passport.pdf'],
    account: [
      ...idsAt(['account', 'site', 'employer', 'user', 'candidate']),
      a.sites[1].id, a.employers[1].id, a.account.domain, a.users.accountAdmin.email, victim.seeker.email,
      `Victim job ${tag}`, `Victim candidate ${tag}`, `Victim SSO ${tag}`, `victim-secret-${tag}`, `Victim feedback ${tag}`,
    ],
  };

  const aSite0 = { accountId: a.account.id, siteId: a.sites[0].id };
  const bToken = await login(t.app, b.users.accountAdmin.email);
  const otherSiteToken = await member(t, a, 'site_manager', { siteId: a.sites[1].id });
  const otherEmployerToken = await member(t, a, 'employer_admin', { siteId: a.sites[0].id, employerId: rival!.id });
  const noPermission = await userWith(t, a, [], 'account');
  await db.insert(roles).values({ enterpriseId: a.enterpriseId, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] }).onConflictDoNothing();
  const [bossRole] = await db.select().from(roles).where(and(eq(roles.key, 'enterprise_admin'), isNull(roles.accountId)));
  const [boss] = await db
    .insert(users)
    .values({ enterpriseId: a.enterpriseId, email: `boss.${tag}@enterprise.test`, name: 'Enterprise Boss', passwordHash: await passwordHashOf(t, a) })
    .returning();
  await db.insert(memberships).values({ userId: boss!.id, enterpriseId: a.enterpriseId, scopeType: 'enterprise', roleId: bossRole!.id });
  const sameBoard = await signedInCandidate(t, a, { name: 'Other candidate' });
  const otherBoard = await signedInCandidate(t, b, { name: 'Foreign candidate' });
  return {
    a,
    b,
    records,
    markers,
    staff: {
      victim: { token: await login(t.app, a.users.accountAdmin.email), ...aSite0 },
      otherAccount: { token: bToken, accountId: b.account.id, siteId: b.sites[0].id },
      otherAccountForged: { token: bToken, ...aSite0, employerId: a.employers[0].id },
      otherSite: { token: otherSiteToken, accountId: a.account.id, siteId: a.sites[1].id },
      otherSiteForged: { token: otherSiteToken, ...aSite0 },
      otherEmployer: { token: otherEmployerToken, ...aSite0, employerId: rival!.id },
      otherEmployerForged: { token: otherEmployerToken, ...aSite0, employerId: a.employers[0].id },
      colleague: { token: await login(t.app, a.users.siteManager.email), ...aSite0 },
      noPermission: { token: noPermission.token, accountId: a.account.id },
      enterprise: { token: await login(t.app, boss!.email) },
    },
    hosts: { a: `jobs.${a.account.domain}`, b: `jobs.${b.account.domain}` },
    candidates: { victim: victim.token, sameBoard: sameBoard.token, otherBoard: otherBoard.token },
  };
}
