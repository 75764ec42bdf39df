import type { JobDetail } from '@hireline/contract/job-model';
import { CREDITS_PER_POST } from '@hireline/contract/credits';
import type { Tx } from '../../db/client';
import { messages } from '@hireline/contract/messages';
import type { AppDeps } from '../../deps';
import { audit, type AuditActor } from '../../platform/audit';
import { conflict, insufficientCredits, invalid, notFound } from '../../platform/errors';
import { once, type RequestIdentity } from '../../platform/idempotency';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { chargePost, lockBalance } from './job-credits.repo';
import type { NotifyDeps } from '../../platform/notify/notify';
import { notifyLowBalance, notifyPending } from './job-notify';
import { checkComplete, hasErrors, jobAudit, type Actor, type Errors } from './job-fields';
import type { JobRow } from './jobs.repo';
import { loadDetail } from './job-present';
import { assertAllowed } from './job.policy';
import * as repo from './jobs.repo';
import { messageCatalog as codes } from '@hireline/contract/message-codes';

export type PostResult = JobDetail & { credits_spent: number; credit_balance: number };


const DAY = 86_400_000;

/**
 * Posts a draft (DESIGN §5): checks it is complete, spends one of the employer's credits and changes the status,
 * all in one transaction. The job row lock makes a second post of the same job wait and then see it is no longer a
 * draft (409); the employer row lock makes concurrent posts of different jobs take turns at the balance, so it
 * never goes below zero (402 for the ones that find it empty). The ledger's unique index is the last guard: one
 * post charge per job.
 */
export async function postJob(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: Actor,
  id: string,
  body: { product_id?: string },
  request: RequestIdentity,
): Promise<PostResult> {
  const slice = siteSlice(scope);
  const owner = { userId: actor.userId, accountId: slice.accountId };
  return deps.db.transaction((tx) =>
    once(tx, request, owner, body, 200, async (): Promise<PostResult> => {
      const job = await repo.findJob(tx, slice, id, { lock: true });
      if (!job) throw notFound();
      assertAllowed(job, actor, 'post');

      const balance = await publish(deps, tx, slice, job, body.product_id, actor);

      const detail = await loadDetail({ db: tx, slice, ability: actor.ability, appSecret: deps.config.appSecret }, job.id);
      return { ...detail, credits_spent: CREDITS_PER_POST, credit_balance: balance };
    }),
  );
}

/** What a product and advert dates must satisfy before a post; 422 with the fields' messages otherwise. */
export async function postable(tx: Tx, slice: SiteSlice, job: JobRow, productIdIn: string | undefined) {
  const productId = productIdIn ?? job.productId;
  const product = productId ? await repo.productOfSite(tx, slice, productId) : null;
  const errors: Errors = checkComplete({ ...job, productId });
  if (productId && !product) errors.product_id = [messages.invalid];
  const now = new Date();
  const start = job.advertStartAt ?? now;
  const end = job.advertEndAt ?? (product ? new Date(start.getTime() + product.durationDays * DAY) : null);
  if (end && end <= now) errors.advert_end_at = [codes['jobs.end_in_past']];
  if (hasErrors(errors) || !product) throw invalid(errors);
  return { product, start, end, now };
}

/**
 * The post itself, on a draft locked by the caller: checks it is complete, spends the post's credits (CREDITS_PER_POST) and changes the status
 * (live, or pending when the site requires approval). Shared by posting with a credit and by a direct payment
 * spending the credit it just bought. Answers the balance after the charge.
 */
export async function publish(
  deps: NotifyDeps,
  tx: Tx,
  slice: SiteSlice,
  job: JobRow,
  productIdIn: string | undefined,
  actor: AuditActor,
): Promise<number> {
  const { product, start, end, now } = await postable(tx, slice, job, productIdIn);
  if ((await lockBalance(tx, job.employerId)) < CREDITS_PER_POST) throw insufficientCredits();
  const balance = await chargePost(tx, {
    accountId: job.accountId,
    siteId: job.siteId,
    employerId: job.employerId,
    jobId: job.id,
    actorUserId: actor.userId,
    reason: `Posted “${job.title}”`,
  });
  if (balance === null) throw conflict();

  const site = await repo.siteOf(tx, slice.siteId);
  const to = site.settings.job_approval_required ? 'pending' : 'live';
  await repo.updateJob(tx, job.id, {
    status: to,
    productId: product.id,
    featured: product.featured,
    advertStartAt: start,
    advertEndAt: end,
    postedAt: now,
  });
  await repo.recordStatus(tx, job, job.status, to, actor.userId);
  await audit(tx, jobAudit(actor, job, 'job.posted', { to, product_id: product.id, credits_spent: CREDITS_PER_POST, credit_balance: balance }));
  if (to === 'pending') await notifyPending(deps, tx, job, now);
  await notifyLowBalance(deps, tx, job, balance);
  return balance;
}
