import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { AccountUser, MembershipScope } from '@hireline/contract/account-users';

/** One row of the access editor as the form holds it ('' for none); `employer_name` only labels the chosen employer. */
export interface AccessRow {
  scope: MembershipScope;
  site_id: string;
  employer_id: string;
  employer_name: string;
  role: string;
}

export const emptyRow = (siteId: string | null): AccessRow => ({
  scope: siteId ? 'site' : 'account',
  site_id: siteId ?? '',
  employer_id: '',
  employer_name: '',
  role: '',
});

/** A person's memberships as editor rows. */
export const rowsOf = (user: AccountUser): AccessRow[] =>
  user.memberships.map((m) => ({
    scope: m.scope,
    site_id: m.site?.id ?? '',
    employer_id: m.employer?.id ?? '',
    employer_name: m.employer?.name ?? '',
    role: m.role.key,
  }));

/** The rows as the API wants them: a site only below the account, an employer only at employer level. */
export const membershipsBody = (rows: AccessRow[]) =>
  rows.map((r) => ({
    scope: r.scope,
    site_id: r.scope === 'account' ? null : r.site_id || null,
    employer_id: r.scope === 'employer' ? r.employer_id || null : null,
    role: r.role,
  }));

/** Where a 422 on the rows may land: each row as a whole and each of its fields, then the list. */
export const rowPaths = (count: number) => [
  'memberships',
  ...Array.from({ length: count }, (_, i) => [`memberships.${i}`, ...['scope', 'site_id', 'employer_id', 'role'].map((f) => `memberships.${i}.${f}`)]).flat(),
];

/**
 * Checks the body the form would send with the endpoint's own schema, so the form shows the API's messages; the
 * paths of the body are the form's (`memberships.0.role`).
 */
export function bodyResolver<V extends FieldValues, S extends z.ZodType>(schema: S, toBody: (values: V) => unknown): Resolver<V, unknown, z.output<S>> {
  const contract = (zodResolver as (schema: S) => Resolver<V, unknown, z.output<S>>)(schema);
  return (values, context, options) => contract(toBody(values) as V, context, options);
}
