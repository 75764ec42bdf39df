import type { AccountUser, AccountUserAction } from '@hireline/contract/account-users';
import { labelColumn, timeColumn, type CsvColumns } from '../../platform/csv';
import { signedFileUrl } from '../../platform/files';
import type { MembershipRow, UserRow } from './users.repo';

/* People of an account as the contract shows them, and as the CSV export lists them. */

/**
 * Invited until they accept this account's invitation, whatever their standing elsewhere (which is not the account's
 * to see); an employer registrant whose registration here is on hold or declined is not active, though enabled.
 */
const statusOf = (u: UserRow): AccountUser['status'] =>
  u.invited
    ? 'invited'
    : !u.enabled
      ? 'disabled'
      : u.registration === 'pending'
        ? 'registration_pending'
        : u.registration === 'rejected'
          ? 'registration_declined'
          : 'active';

export function presentMembership(m: MembershipRow): AccountUser['memberships'][number] {
  return {
    scope: m.scope as AccountUser['memberships'][number]['scope'],
    site: m.siteId ? { id: m.siteId, name: m.siteName ?? '' } : null,
    employer: m.employerId ? { id: m.employerId, name: m.employerName ?? '' } : null,
    role: { key: m.roleKey, name: m.roleName },
  };
}

/** What the caller may do to one person, given their memberships here (user.policy decides). */
export type ActionsOf = (u: UserRow, ms: MembershipRow[]) => AccountUserAction[];

/** Each user with their memberships and the actions allowed on them, in the users' order. */
export function presentUsers(secret: string, rows: UserRow[], ms: MembershipRow[], actionsOf: ActionsOf): AccountUser[] {
  const byUser = new Map<string, MembershipRow[]>();
  for (const m of ms) {
    const list = byUser.get(m.userId);
    if (list) list.push(m);
    else byUser.set(m.userId, [m]);
  }
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    avatar: u.avatarFileId ? signedFileUrl(secret, u.avatarFileId) : null,
    status: statusOf(u),
    memberships: (byUser.get(u.id) ?? []).map(presentMembership),
    last_active_at: u.lastActiveAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
    mfa_enabled: u.mfaEnabled,
    allowed_actions: actionsOf(u, byUser.get(u.id) ?? []),
  }));
}

/** "Site manager (Acme Jobs)": a membership in one cell of the export. */
export const accessLabel = (m: AccountUser['memberships'][number]) =>
  m.employer ? `${m.role.name} (${m.employer.name})` : m.site ? `${m.role.name} (${m.site.name})` : m.role.name;

export const userColumns: CsvColumns<AccountUser> = [
  ['ID', (u) => u.id],
  ['Name', (u) => u.name],
  ['Email', (u) => u.email],
  labelColumn('Status', 'userStatus', (u) => u.status),
  ['Access', (u) => u.memberships.map(accessLabel).join('; ')],
  timeColumn('Last active', (u) => u.last_active_at),
  timeColumn('Created', (u) => u.created_at),
];

/** How a membership reads in the audit log: `site:<id>:site_manager`. */
export const membershipLabel = (m: { scope: string; siteId: string | null; employerId: string | null; roleKey: string }) =>
  [m.scope, m.employerId ?? m.siteId, m.roleKey].filter(Boolean).join(':');
