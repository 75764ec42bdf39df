import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { useTranslation } from 'react-i18next';
import { listAccountUsers, type AccountUser } from '@hireline/contract/account-users';
import { ChipFilter, SelectFilter } from '../../components/list/filter-fields';
import { FilterGrid, FilterPanel } from '../../components/list/FilterPanel';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { useListPager } from '../../components/list/use-list';
import { UserAvatar } from '../../components/UserAvatar';
import { visuallyHidden } from '../../components/visually-hidden';
import { useApiQuery } from '../../lib/api-query';
import { useCurrentUser } from '../../lib/current-user';
import { formatDateTime } from '../../lib/format';
import { listPaging } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { EditAccessDialog, InviteUserDialog } from './AccessDialog';
import { UserRowActions } from './UserRowActions';
import { activeFilters, clearedFilters, hasFilters, memberStatuses, toListQuery, type MemberStatus, type UsersSearch } from './users.search';
import { useAccountCan, useAccountRoles, useAccountSiteOptions, useRefreshUsers } from './use-users-data';

const STATUS_COLOR: Record<MemberStatus, NonNullable<ChipProps['color']>> = {
  invited: 'info',
  active: 'success',
  disabled: 'warning',
  registration_pending: 'info',
  registration_declined: 'error',
};

/**
 * Whether someone may sign in: invited (no password yet), active, disabled (outlined, "out"), or an employer
 * registrant held out until their registration is approved, or declined.
 */
export function MemberStatusChip({ status }: { status: MemberStatus }) {
  const { t } = useTranslation('users');
  return <Chip size="small" color={STATUS_COLOR[status]} variant={status === 'active' ? 'filled' : 'outlined'} label={t(`status.${status}`)} />;
}

/** "Account admin", "Site manager · Acme Jobs", "Employer admin · Wombat Builders · Acme Jobs". */
export function useMembershipLabel() {
  const { t } = useTranslation('users');
  return (m: AccountUser['memberships'][number]) =>
    m.scope === 'employer'
      ? t('membership.employer', { role: m.role.name, employer: m.employer?.name ?? '', site: m.site?.name ?? '' })
      : m.scope === 'site'
        ? t('membership.site', { role: m.role.name, site: m.site?.name ?? '' })
        : t('membership.account', { role: m.role.name });
}

/** The people tab: search and filters in the URL, the page of people, "Invite user" and each person's actions. */
export function PeopleTab({ search, go }: { search: UsersSearch; go: (patch: Partial<UsersSearch>, replace?: boolean) => void }) {
  const { t, i18n } = useTranslation('users');
  const accountCan = useAccountCan();
  const me = useCurrentUser();
  const { scope } = useSession();
  const canInvite = accountCan('create', 'users');
  const refresh = useRefreshUsers();
  const roles = useAccountRoles();
  const sites = useAccountSiteOptions();
  const membershipLabel = useMembershipLabel();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<{ user: AccountUser | null; open: boolean }>({ user: null, open: false });

  const listQuery = toListQuery(search);
  const query = useApiQuery(listAccountUsers, { query: listQuery }, { keepPrevious: true });
  const rows = query.data?.data;
  const setSearch = (patch: Partial<UsersSearch>, replace = false) => go({ ...patch, page: undefined }, replace);
  const pager = useListPager(listPaging(search), query.data, go);
  const filtered = hasFilters(search);
  const roleList = roles.data?.data ?? [];

  const columns: ListColumn<AccountUser>[] = [
    {
      id: 'name',
      header: t('people.columns.name'),
      rowHeader: true,
      cell: (u) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <UserAvatar name={u.name} src={u.avatar} size={34} />
          <Box component="span" sx={{ fontWeight: 600 }}>
            {u.name}
          </Box>
          {u.id === me?.id && <Chip size="small" variant="outlined" label={t('people.you')} />}
        </Box>
      ),
    },
    { id: 'email', header: t('people.columns.email'), sx: { whiteSpace: 'nowrap' }, cell: (u) => <bdi dir="ltr">{u.email}</bdi> },
    {
      id: 'access',
      header: t('people.columns.access'),
      cell: (u) => (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
          {u.memberships.map((m, i) => (
            <li key={i}>
              <Chip size="small" variant="outlined" label={membershipLabel(m)} />
            </li>
          ))}
        </Box>
      ),
    },
    { id: 'status', header: t('people.columns.status'), cell: (u) => <MemberStatusChip status={u.status} /> },
    {
      id: 'lastActive',
      header: t('people.columns.lastActive'),
      sx: { whiteSpace: 'nowrap' },
      cell: (u) =>
        u.last_active_at ? (
          formatDateTime(u.last_active_at, i18n.language)
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('people.never')}
          </Typography>
        ),
    },
    {
      id: 'actions',
      header: (
        <Box component="span" sx={visuallyHidden}>
          {t('people.columns.actions')}
        </Box>
      ),
      align: 'right',
      cell: (u) => (u.id === me?.id ? null : <UserRowActions user={u} onEdit={() => setEditing({ user: u, open: true })} />),
    },
  ];

  return (
    <>
      {canInvite && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setInviting(true)}>
            {t('people.invite')}
          </Button>
        </Box>
      )}
      <ListCard query={query} rows={rows} errorTitle={t('people.loadError')} pager={pager}>
        <FilterPanel
          label={t('people.filters.label')}
          search={{ label: t('people.filters.search'), placeholder: t('people.filters.searchHint'), value: search.q, onChange: (q) => setSearch({ q }, true) }}
          clear={{ label: t('people.filters.clear'), shown: filtered, active: activeFilters(search), onClear: () => setSearch(clearedFilters) }}
        >
          <FilterGrid columns={3}>
            <ChipFilter
              label={t('people.filters.status')}
              options={memberStatuses.map((s) => ({ value: s, label: t(`status.${s}`), color: STATUS_COLOR[s] }))}
              value={search.status}
              onChange={(status) => setSearch({ status })}
            />
            <SelectFilter
              label={t('people.filters.role')}
              value={search.role}
              onChange={(role) => setSearch({ role })}
              any={<em>{t('people.filters.anyRole')}</em>}
              options={roleList.map((r) => ({ value: r.key, label: r.name }))}
            />
          </FilterGrid>
        </FilterPanel>
        {rows?.length === 0 ? (
          <ListEmpty
            title={filtered ? t('people.emptyFiltered') : t('people.empty')}
            hint={filtered ? t('people.emptyFilteredHint') : t('people.emptyHint')}
            action={
              filtered ? (
                <Button variant="outlined" onClick={() => setSearch(clearedFilters)}>
                  {t('people.filters.clear')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ListTable label={t('people.label')} minWidth={980} columns={columns} rows={rows} />
        )}
      </ListCard>
      {canInvite && (
        <InviteUserDialog
          open={inviting}
          onClose={() => setInviting(false)}
          onDone={() => void refresh()}
          sites={sites}
          roles={roleList}
          siteId={scope.siteId}
        />
      )}
      <EditAccessDialog
        open={editing.open}
        user={editing.user}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onDone={() => void refresh()}
        sites={sites}
        roles={roleList}
        siteId={scope.siteId}
      />
    </>
  );
}
