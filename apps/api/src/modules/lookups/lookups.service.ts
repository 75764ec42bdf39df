import { fieldOptionKinds, type FieldOptionKind } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice } from '../../platform/site-slice';
import { likeContains } from '../../platform/text-search';
import * as repo from './lookups.repo';

/** Pickers answer small: enough to choose from, the rest found by typing. */
export const PICK_LIMIT = 50;

const patternOf = (q: string | undefined) => {
  const text = q?.trim();
  return text ? likeContains(text) : null;
};

/** Every kind is present, in the contract's order; a kind the site has no enabled options for is empty. */
export async function getFieldOptions(db: DbOrTx, scope: ResolvedScope) {
  const rows = await repo.enabledFieldOptions(db, siteSlice(scope));
  const grouped = Object.fromEntries(fieldOptionKinds.map((k) => [k, [] as Array<{ value: string; label: string }>])) as Record<
    FieldOptionKind,
    Array<{ value: string; label: string }>
  >;
  for (const r of rows) grouped[r.kind]?.push({ value: r.value, label: r.label });
  return grouped;
}

export function listProducts(db: DbOrTx, scope: ResolvedScope) {
  return repo.enabledProducts(db, siteSlice(scope));
}

export function pickEmployers(db: DbOrTx, scope: ResolvedScope, q: { q?: string }) {
  return repo.postableEmployers(db, siteSlice(scope), patternOf(q.q), PICK_LIMIT);
}

export function pickConsultants(db: DbOrTx, scope: ResolvedScope, q: { q?: string }) {
  return repo.siteConsultants(db, siteSlice(scope), patternOf(q.q), PICK_LIMIT);
}
