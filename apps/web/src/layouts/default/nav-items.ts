import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import type { Action, Subject } from '@hireline/access/vocabulary';
import type { RouteMeta, RouteName } from '../../app/route-meta';
import { scopeLevel } from '../../app/scope-path';
import type { CheckLevel } from '../../lib/ability';
import type { ScopeSlugs } from '../../lib/scope';
import { mailViewerOn } from '../../lib/runtime';

/** Route paths an entry may open (kept equal to the registered routes by nav-items.test.ts). */
export type NavPath =
  | '/'
  | '/dev/mail'
  | '/notifications'
  | '/second-page'
  | '/auth/profile/$tab'
  | '/enterprise/accounts'
  | '/enterprise/audit'
  | '/$account/sites'
  | '/$account/users'
  | '/$account/audit'
  | '/$account/$site/applications'
  | '/$account/$site/consultants'
  | '/$account/$site/credit-system'
  | '/$account/$site/credit-system/create'
  | '/$account/$site/employer'
  | '/$account/$site/employers'
  | '/$account/$site/employers/hold'
  | '/$account/$site/jobs'
  | '/$account/$site/jobs/flagged-jobs'
  | '/$account/$site/jobs/hold'
  | '/$account/$site/seekers'
  | '/$account/$site/settings';

export interface NavEntry {
  /** The route this entry opens; that route's meta (action, subject) decides whether the entry is shown. */
  name: RouteName;
  to: NavPath;
  icon: ComponentType<SvgIconProps>;
  /** Params besides the scope slugs (e.g. the profile tab). */
  params?: Record<string, string>;
  /** The selected employer's own pages exist only while an employer is selected. */
  needsEmployer?: boolean;
}

export type NavGroupKey = 'main' | 'recruitment' | 'site' | 'account' | 'enterprise' | 'developer';

export interface NavGroup<E = NavEntry> {
  key: NavGroupKey;
  entries: E[];
}

/** The navigation (vertical list, horizontal bar and drawer), grouped as the sections are labelled. */
export const navGroups: NavGroup[] = [
  { key: 'main', entries: [{ name: 'root', to: '/', icon: DashboardOutlined }] },
  {
    key: 'recruitment',
    entries: [
      { name: 'jobs', to: '/$account/$site/jobs', icon: WorkOutlineOutlined },
      { name: 'applications', to: '/$account/$site/applications', icon: AssignmentOutlined },
      { name: 'seekers', to: '/$account/$site/seekers', icon: PersonSearchOutlined },
      { name: 'employers', to: '/$account/$site/employers', icon: BusinessOutlined },
      { name: 'consultants', to: '/$account/$site/consultants', icon: BadgeOutlined },
    ],
  },
  {
    key: 'site',
    entries: [
      { name: 'credit-system', to: '/$account/$site/credit-system', icon: AccountBalanceWalletOutlined },
      { name: 'settings', to: '/$account/$site/settings', icon: SettingsOutlined },
    ],
  },
  {
    key: 'account',
    entries: [
      { name: 'sites', to: '/$account/sites', icon: LanguageOutlined },
      { name: 'users', to: '/$account/users', icon: GroupOutlined },
      { name: 'audit', to: '/$account/audit', icon: HistoryOutlined },
    ],
  },
  {
    key: 'enterprise',
    entries: [
      { name: 'enterprise-accounts', to: '/enterprise/accounts', icon: AccountTreeOutlined },
      { name: 'enterprise-audit', to: '/enterprise/audit', icon: HistoryOutlined },
    ],
  },
  // Only where the deployment keeps mail in the viewer; elsewhere the page would answer Not found.
  ...(mailViewerOn ? [{ key: 'developer' as const, entries: [{ name: 'dev-mail' as const, to: '/dev/mail' as const, icon: MailOutlined }] }] : []),
];

/** Handy links of the app bar's shortcuts menu: queues that need attention and everyday pages. */
export const shortcutEntries: NavEntry[] = [
  { name: 'notifications', to: '/notifications', icon: NotificationsNoneOutlined },
  { name: 'jobs-hold', to: '/$account/$site/jobs/hold', icon: HourglassEmptyOutlined },
  { name: 'employers-hold', to: '/$account/$site/employers/hold', icon: StorefrontOutlined },
  { name: 'jobs-flagged-jobs', to: '/$account/$site/jobs/flagged-jobs', icon: FlagOutlined },
  { name: 'credit-system-create', to: '/$account/$site/credit-system/create', icon: ShoppingCartOutlined },
  { name: 'employer', to: '/$account/$site/employer', icon: BusinessOutlined, needsEmployer: true },
  { name: 'auth-profile-tab', to: '/auth/profile/$tab', icon: ManageAccountsOutlined, params: { tab: 'account' } },
  { name: 'second-page', to: '/second-page', icon: KeyboardOutlined },
];

/** An entry the user may open now, with every param of its path filled in. */
export interface ResolvedEntry extends NavEntry {
  params: Record<string, string>;
}

export interface NavContext {
  can: (action: Action, subject: Subject, level?: CheckLevel) => boolean;
  metaOf: (name: RouteName) => RouteMeta | undefined;
  slugs: ScopeSlugs;
  employerSelected: boolean;
}

/**
 * The entries shown: the user passes the route's own requirement (the guard's default: access on portal), and a
 * scoped route has a selected account (and site) to point at. An entry naming an unknown route is hidden.
 */
export function visibleEntries(entries: NavEntry[], ctx: NavContext): ResolvedEntry[] {
  const shown: ResolvedEntry[] = [];
  for (const entry of entries) {
    const meta = ctx.metaOf(entry.name);
    if (!meta || !ctx.can(meta.action ?? 'access', meta.subject ?? 'portal', meta.level)) continue;
    if (entry.needsEmployer && !ctx.employerSelected) continue;
    const level = scopeLevel(entry.to);
    const { account, site } = ctx.slugs;
    if (level && !account) continue;
    if (level === 'site' && !site) continue;
    const params: Record<string, string> = { ...entry.params };
    if (level && account) params.account = account;
    if (level === 'site' && site) params.site = site;
    shown.push({ ...entry, params });
  }
  return shown;
}

export function visibleGroups(groups: NavGroup[], ctx: NavContext): NavGroup<ResolvedEntry>[] {
  return groups
    .map((group) => ({ key: group.key, entries: visibleEntries(group.entries, ctx) }))
    .filter((group) => group.entries.length > 0);
}
