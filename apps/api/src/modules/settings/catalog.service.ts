import type { ApplicationStage } from '@hireline/contract/applications';
import type { DiscountTier } from '@hireline/contract/credits';
import { applyTypes, fieldOptionKinds, type ApplicationStatus, type FieldOptionKind } from '@hireline/contract/enums';
import { percentOf } from '@hireline/contract/pricing';
import type { FieldOption } from '@hireline/contract/site-settings';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { invalid } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import * as repo from './settings.repo';
import { settingsAudit, siteOf } from './settings-scope';
import { settingsOf } from '../../platform/board-forms';
import { settingsMessages } from './site-settings.service';

/* The site's lists: application stages, field options and discount tiers, each replaced whole. */

export interface StageInput {
  status: ApplicationStatus;
  label: string;
  color: string;
  visible: boolean;
  email_admin: boolean;
  email_consultants: boolean;
  email_candidate: boolean;
}

/** The ten statuses in the order given (the contract has checked each appears once); positions follow the list. */
export async function replaceStages(deps: AppDeps, scope: ResolvedScope, actor: Actor, list: StageInput[]): Promise<ApplicationStage[]> {
  const s = siteOf(scope);
  const stages = list.map((x, position) => ({ ...x, position }));
  await deps.db.transaction(async (tx) => {
    await repo.siteSettingsOf(tx, s, { lock: true });
    await repo.saveStages(
      tx,
      s,
      stages.map((x) => ({
        status: x.status,
        label: x.label,
        color: x.color,
        position: x.position,
        visible: x.visible,
        emailAdmin: x.email_admin,
        emailConsultants: x.email_consultants,
        emailCandidate: x.email_candidate,
      })),
    );
    await audit(tx, settingsAudit(actor, s.accountId, 'stages.update', { type: 'site', id: s.siteId }, { order: list.map((x) => x.status) }));
  });
  return stages;
}

/** Every kind, in the contract's order, disabled options included. */
export async function listFieldOptions(deps: AppDeps, scope: ResolvedScope) {
  const rows = await repo.allFieldOptions(deps.db, siteOf(scope));
  const grouped = Object.fromEntries(fieldOptionKinds.map((k) => [k, [] as FieldOption[]])) as Record<FieldOptionKind, FieldOption[]>;
  for (const r of rows) grouped[r.kind]?.push({ value: r.value, label: r.label, enabled: r.enabled });
  return grouped;
}

/**
 * One kind's options become the list given, in its order. Jobs, employers and seekers keep the values they store; an
 * apply type is a fixed behaviour of the board, so its options may be relabelled, reordered or disabled but not invented.
 */
export async function replaceFieldOptions(deps: AppDeps, scope: ResolvedScope, actor: Actor, kind: FieldOptionKind, list: FieldOption[]) {
  const s = siteOf(scope);
  if (kind === 'apply_type') {
    const errors: Record<string, string[]> = {};
    list.forEach((o, i) => {
      if (!(applyTypes as readonly string[]).includes(o.value)) errors[`${i}.value`] = [settingsMessages.applyTypeFixed(applyTypes)];
    });
    if (Object.keys(errors).length) throw invalid(errors);
  }
  await deps.db.transaction(async (tx) => {
    await repo.siteSettingsOf(tx, s, { lock: true });
    await repo.saveFieldOptions(tx, s, kind, list);
    await audit(
      tx,
      settingsAudit(actor, s.accountId, 'field_options.update', { type: 'site', id: s.siteId }, { kind, values: list.map((o) => o.value) }),
    );
  });
  return (await repo.allFieldOptions(deps.db, s, kind)).map((r) => ({ value: r.value, label: r.label, enabled: r.enabled }));
}

export interface TierInput {
  min_quantity: number;
  max_quantity: number | null;
  discount_percent: number;
}

const presentTier = (t: { id: string; min: number; max: number | null; bps: number }): DiscountTier => ({
  id: t.id,
  min_quantity: t.min,
  max_quantity: t.max,
  discount_percent: percentOf(t.bps),
});

/** The tiers become the list given (the contract has checked the ranges); percentages are kept as basis points. */
export async function replaceTiers(deps: AppDeps, scope: ResolvedScope, actor: Actor, list: TierInput[]) {
  const s = siteOf(scope);
  const values = [...list]
    .sort((a, b) => a.min_quantity - b.min_quantity)
    .map((t) => ({ minQuantity: t.min_quantity, maxQuantity: t.max_quantity, discountBps: Math.round(t.discount_percent * 100) }));
  return deps.db.transaction(async (tx) => {
    const row = await repo.siteSettingsOf(tx, s, { lock: true });
    const saved = await repo.saveTiers(tx, s, values);
    await audit(
      tx,
      settingsAudit(actor, s.accountId, 'tiers.update', { type: 'site', id: s.siteId }, {
        tiers: values.map((t) => ({ min: t.minQuantity, max: t.maxQuantity, bps: t.discountBps })),
      }),
    );
    const settings = settingsOf(row.settings);
    return {
      price_per_credit_cents: settings.price_per_credit_cents,
      currency: settings.currency,
      data: [...saved].sort((a, b) => a.min - b.min).map(presentTier),
    };
  });
}
