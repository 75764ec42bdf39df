import { inArray, sql } from 'drizzle-orm';
import type { CreditAction } from '@hireline/contract/enums';
import { creditLedgers, creditPurchases, type CreditReferenceType } from '../schema/credits';
import { employers } from '../schema/employers';
import { auditLogs } from '../schema/platform';
import { addDays, between, DAY, insertMany, type SeedContext } from './context';
import type { SeedEmployer } from './employers';
import type { SeedJob } from './jobs';
import type { SeedPeople } from './people';
import { discountFor } from './site-defaults';

interface Movement {
  at: Date;
  action: CreditAction;
  amount: number;
  referenceType: CreditReferenceType | null;
  referenceId: string | null;
  reason: string | null;
  actor: string | null;
  purchase?: { quantity: number; purpose: 'credits' | 'job_post'; jobId: string | null };
}

/**
 * Builds each employer's ledger from its jobs: funding first (a welcome grant, a purchase), then one
 * `post` per posted job and one `refund` per rejected one, so the running balance never dips below
 * zero and ends at the employer's spare credits. The cached `credit_balance` is then read back from
 * the newest ledger row, which is exactly how the app keeps it.
 */
export async function seedCredits(
  ctx: SeedContext,
  enterpriseId: string,
  allEmployers: SeedEmployer[],
  jobs: SeedJob[],
  people: SeedPeople,
): Promise<void> {
  const { rng } = ctx;
  const ledgerRows: (typeof creditLedgers.$inferInsert)[] = [];
  const purchaseRows: (typeof creditPurchases.$inferInsert)[] = [];
  const auditRows: (typeof auditLogs.$inferInsert)[] = [];
  // One employer bought its last post directly (DESIGN §5: a one-credit payment spent at once).
  const directPayer = allEmployers.find(
    (e) => e.site.accountSlug === 'globex' && e.site.primary && e.status === 'active',
  );

  for (const employer of allEmployers) {
    const site = employer.site;
    const manager = people.staffBySite.get(site.id)?.[0] ?? null;
    const buyer = people.employerUsers.get(employer.id) ?? manager;
    const posted = jobs
      .filter((j) => j.employer.id === employer.id && j.postedAt)
      .sort((a, b) => a.postedAt!.getTime() - b.postedAt!.getTime());
    const moves: Movement[] = [];
    for (const job of posted) {
      const direct = employer === directPayer && job === posted.at(-1);
      if (direct)
        moves.push({
          at: new Date(job.postedAt!.getTime() - 60_000),
          action: 'purchase',
          amount: 1,
          referenceType: 'purchase',
          referenceId: null,
          reason: `Direct payment for “${job.title}”`,
          actor: job.postedBy,
          purchase: { quantity: 1, purpose: 'job_post', jobId: job.id },
        });
      moves.push({
        at: job.postedAt!,
        action: 'post',
        amount: -1,
        referenceType: 'job',
        referenceId: job.id,
        reason: `Posted “${job.title}”`,
        actor: job.postedBy,
      });
      if (job.rejectedAt)
        moves.push({
          at: job.rejectedAt,
          action: 'refund',
          amount: 1,
          referenceType: 'job',
          referenceId: job.id,
          reason: `Refund: “${job.title}” was rejected`,
          actor: manager,
        });
    }
    const directCredits = moves.filter((m) => m.purchase?.purpose === 'job_post').length;
    const needed = posted.length - directCredits;
    if (needed === 0 && employer.spareCredits === 0) continue;

    const firstSpend = posted[0]?.postedAt ?? ctx.now;
    const fundBy = new Date(Math.max(employer.createdAt.getTime() + DAY, firstSpend.getTime() - rng.int(1, 5) * DAY));
    const grant = rng.chance(0.5) ? 3 : 0;
    const revoke = grant > 0 && rng.chance(0.3) ? 1 : 0;
    if (grant) {
      const grantAt = between(ctx, employer.createdAt, fundBy);
      moves.push({
        at: grantAt,
        action: 'grant',
        amount: grant,
        referenceType: 'manual',
        referenceId: null,
        reason: 'Welcome credits for new employers',
        actor: manager,
      });
      if (revoke)
        moves.push({
          at: new Date(grantAt.getTime() + 3_600_000),
          action: 'revoke',
          amount: -revoke,
          referenceType: 'manual',
          referenceId: null,
          reason: 'Duplicate welcome credit removed',
          actor: manager,
        });
    }
    const quantity = Math.max(0, needed - grant + revoke) + employer.spareCredits;
    if (quantity > 0) {
      moves.push({
        at: new Date(fundBy.getTime() + 7_200_000),
        action: 'purchase',
        amount: quantity,
        referenceType: 'purchase',
        referenceId: null,
        reason: `Bought ${quantity} credits`,
        actor: buyer,
        purchase: { quantity, purpose: 'credits', jobId: null },
      });
    }

    moves.sort((a, b) => a.at.getTime() - b.at.getTime());
    let balance = 0;
    let last = 0;
    for (const m of moves) {
      // Distinct timestamps keep "newest row" unambiguous for the balance read-back.
      const at = new Date(Math.max(m.at.getTime(), last + 1000));
      last = at.getTime();
      balance += m.amount;
      if (balance < 0) throw new Error(`demo ledger for ${employer.name} went negative`);
      if (m.purchase) {
        const unit = site.settings.price_per_credit_cents;
        const bps = discountFor(m.purchase.quantity);
        const subtotal = unit * m.purchase.quantity;
        const discount = Math.round((subtotal * bps) / 10_000);
        const purchaseId = rng.uuidAt(new Date(at.getTime() - 120_000));
        m.referenceId = purchaseId;
        purchaseRows.push({
          id: purchaseId,
          accountId: employer.accountId,
          siteId: site.id,
          employerId: employer.id,
          quantity: m.purchase.quantity,
          unitPriceCents: unit,
          discountBps: bps,
          subtotalCents: subtotal,
          discountCents: discount,
          totalCents: subtotal - discount,
          currency: site.settings.currency,
          provider: 'sandbox',
          providerSessionId: `sandbox_cs_${rng.hex(12)}`,
          status: 'paid',
          purpose: m.purchase.purpose,
          jobId: m.purchase.jobId,
          createdByUserId: m.actor,
          paidAt: at,
          createdAt: new Date(at.getTime() - 120_000),
          updatedAt: at,
        });
        auditRows.push({
          id: rng.uuidAt(at),
          enterpriseId,
          accountId: employer.accountId,
          actorUserId: m.actor,
          action: 'credits.purchase',
          subjectType: 'employer',
          subjectId: employer.id,
          data: {
            purchase_id: purchaseId,
            quantity: m.purchase.quantity,
            total_cents: subtotal - discount,
            currency: site.settings.currency,
          },
          createdAt: at,
        });
      } else if (m.action === 'grant' || m.action === 'revoke') {
        auditRows.push({
          id: rng.uuidAt(at),
          enterpriseId,
          accountId: employer.accountId,
          actorUserId: m.actor,
          action: `credits.${m.action}`,
          subjectType: 'employer',
          subjectId: employer.id,
          data: { amount: m.amount, reason: m.reason },
          createdAt: at,
        });
      }
      ledgerRows.push({
        id: rng.uuidAt(at),
        accountId: employer.accountId,
        siteId: site.id,
        employerId: employer.id,
        action: m.action,
        creditAmount: m.amount,
        balance,
        referenceType: m.referenceType,
        referenceId: m.referenceId,
        reason: m.reason,
        actorUserId: m.actor,
        createdAt: at,
      });
    }
    if (employer.spareCredits > 0 && employer === allEmployers[0]) {
      // A checkout the employer walked away from: a purchase with no ledger entry.
      const at = addDays(ctx.now, -10);
      purchaseRows.push({
        id: rng.uuidAt(at),
        accountId: employer.accountId,
        siteId: site.id,
        employerId: employer.id,
        quantity: 5,
        unitPriceCents: site.settings.price_per_credit_cents,
        discountBps: 0,
        subtotalCents: 5 * site.settings.price_per_credit_cents,
        discountCents: 0,
        totalCents: 5 * site.settings.price_per_credit_cents,
        currency: site.settings.currency,
        provider: 'sandbox',
        providerSessionId: `sandbox_cs_${rng.hex(12)}`,
        status: 'cancelled',
        purpose: 'credits',
        createdByUserId: buyer,
        createdAt: at,
        updatedAt: at,
      });
    }
  }

  await insertMany(ctx.tx, creditPurchases, purchaseRows);
  await insertMany(ctx.tx, creditLedgers, ledgerRows);
  await insertMany(ctx.tx, auditLogs, auditRows);
  const funded = [...new Set(ledgerRows.map((r) => r.employerId))];
  if (funded.length) {
    await ctx.tx
      .update(employers)
      .set({
        creditBalance: sql`(select l.balance from ${creditLedgers} l where l.employer_id = ${employers.id} order by l.created_at desc, l.id desc limit 1)`,
        updatedAt: sql`${employers.updatedAt}`,
      })
      .where(inArray(employers.id, funded));
  }
}
