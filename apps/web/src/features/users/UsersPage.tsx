import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DetailTabs } from '../../components/DetailTabs';
import { PageHeader } from '../../components/PageHeader';
import { TabLink } from '../../components/TabLink';
import { PeopleTab } from './PeopleTab';
import { RolesTab } from './RolesTab';
import { userTabs, type UsersSearch } from './users.search';
import { useSelectedAccount } from './use-users-data';

const FROM = '/$account/users';

/** The selected account's staff: the people with access (and where, with which role), and the account's roles. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const search = useSearch({ from: FROM });
  const { account } = useParams({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const selected = useSelectedAccount();
  const tab = search.tab ?? 'people';
  const go = (patch: Partial<UsersSearch>, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });

  return (
    <>
      <PageHeader title={t('title')} subtitle={selected ? t('subtitle', { account: selected.name }) : undefined} />
      <DetailTabs
        label={t('tabs.label')}
        tabs={userTabs}
        current={tab}
        tabLabel={(name) => t(`tabs.${name}`)}
        idPrefix="users"
        renderTab={(name, props) => (
          <TabLink key={name} to={FROM} params={{ account }} search={name === 'people' ? {} : { tab: name }} {...props} />
        )}
      >
        {tab === 'people' ? <PeopleTab search={search} go={go} /> : <RolesTab />}
      </DetailTabs>
    </>
  );
}
