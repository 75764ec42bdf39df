import { useQueryClient } from '@tanstack/react-query';
import { getEnterpriseAccount, listEnterpriseAccounts } from '@hireline/contract/enterprise';
import type { Action } from '@hireline/access/vocabulary';
import { useCanCheck } from '../../lib/ability';
import { invalidateEndpoint, useApiQuery } from '../../lib/api-query';

/**
 * Enterprise administration is checked at the enterprise level: the selected account and site do not count (an
 * account admin's `all` never reaches it), so requests go without the scope headers and the UI asks the same way.
 */
export const ENTERPRISE_REQUEST = { scoped: false } as const;

export function useEnterpriseCan(): (action: Action) => boolean {
  const check = useCanCheck();
  return (action) => check(action, 'enterprise', 'enterprise');
}

/** Every cached list and detail of accounts an action may have changed. */
export function useRefreshAccounts() {
  const client = useQueryClient();
  return () => Promise.all([listEnterpriseAccounts, getEnterpriseAccount].map((endpoint) => invalidateEndpoint(client, endpoint)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account a detail page shows; a made-up id is not asked for, and a 404 or 403 is final. */
export function useAccountRecord(id: string) {
  const validId = UUID.test(id);
  const query = useApiQuery(getEnterpriseAccount, { params: { id }, ...ENTERPRISE_REQUEST }, {
    enabled: validId,
    retry: (count, error) => error.status !== 404 && error.status !== 403 && count < 2,
  });
  return { query, notFound: !validId || query.error?.status === 404 };
}

/** A slug suggested from a name: `Acme Recruitment Ltd` → `acme-recruitment-ltd` (at most 40 characters). */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
}

export const isHexColor = (v: string | null | undefined): v is string => Boolean(v && /^#[0-9a-fA-F]{6}$/.test(v));
