import { useQueryClient } from '@tanstack/react-query';
import { getEnterpriseAccount, listEnterpriseAccounts } from '@hireline/contract/enterprise';
import type { Action } from '@hireline/access/vocabulary';
import { useCanCheck } from '../../lib/ability';
import { invalidateEndpoint, useApiQuery } from '../../lib/api-query';
import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('enterprise');

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

/*
 * The enterprise API's own messages (apps/api enterprise.service.ts and the contract's field rules), which are not
 * in the shared catalogue, in the reader's language.
 */
const API_MESSAGES: Record<string, string> = {
  'Another account already uses this address name.': 'slugTaken',
  'This domain is already used by another account or site.': 'domainTaken',
  'This account is already enabled.': 'alreadyEnabled',
  'This account is already disabled.': 'alreadyDisabled',
  'Use 1 to 40 lowercase letters, digits and dashes.': 'slugFormat',
  'Enter a host name such as jobs.example.com.': 'hostName',
  'Use a colour like #7367F0.': 'color',
};

export function enterpriseMessage(message: string | null | undefined): string {
  if (!message) return '';
  const key = API_MESSAGES[message];
  if (key) return i18n.t(`enterprise:apiMessages.${key}` as never, { defaultValue: message }) as string;
  const max = /^This value may not be greater than (\d+) characters\.$/.exec(message);
  if (max) return i18n.t('enterprise:apiMessages.maxLength', { max: Number(max[1]) });
  return translateMessage(message);
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
