import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { getEmployer } from '@hireline/contract/employers';
import { DetailPage, useRecordQuery } from '../../components/DetailPage';
import { PageHeader } from '../../components/PageHeader';
import { TabLink } from '../../components/TabLink';
import { useSession } from '../../lib/session';
import { EmployerDetailView } from './EmployerDetailView';
import { EmployerUsersPanel } from './EmployerUsersPanel';
import type { EmployerDetailSearch } from './employers.search';
import { NoEmployerSelected } from './NoEmployerSelected';

const FROM = '/$account/$site/employer';

/** The selected employer (the one the user acts for): the same detail as under the employers list, without the list. */
export function SelectedEmployerPage() {
  const { t } = useTranslation('employers');
  const { employerId } = useSession().scope;
  const slugs = useParams({ from: FROM });
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const go = (patch: Partial<EmployerDetailSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  if (!employerId)
    return (
      <>
        <PageHeader title={t('selected.title')} />
        <NoEmployerSelected />
      </>
    );
  return (
    <EmployerDetailView
      key={employerId}
      id={employerId}
      mode="selected"
      slugs={slugs}
      search={search}
      go={go}
      renderTab={(tab, props) => (
        <TabLink key={tab} to={FROM} params={slugs} search={{ tab: tab === 'details' ? undefined : tab }} {...props} />
      )}
    />
  );
}

/** The users of the selected employer, managed here when the user may (`manage_users` in `allowed_actions`). */
export function SelectedEmployerUsersPage() {
  const { t } = useTranslation('employers');
  const { employerId } = useSession().scope;
  if (!employerId)
    return (
      <>
        <PageHeader title={t('users.pageTitle')} />
        <NoEmployerSelected />
      </>
    );
  return <SelectedUsers key={employerId} employerId={employerId} />;
}

function SelectedUsers({ employerId }: { employerId: string }) {
  const { t } = useTranslation('employers');
  const record = useRecordQuery(getEmployer, employerId);
  return (
    <DetailPage
      record={record}
      back={null}
      labels={{ notFoundTitle: t('detail.notFound.title'), notFoundBody: t('detail.notFound.body'), loadError: t('detail.loadError') }}
      name={(employer) => t('users.label', { name: employer.business_name })}
    >
      {(employer) => (
        <Stack>
          <PageHeader title={t('users.pageTitle')} subtitle={t('users.pageSubtitle', { name: employer.business_name })} />
          <EmployerUsersPanel employerId={employer.id} employerName={employer.business_name} manage={employer.allowed_actions.includes('manage_users')} />
        </Stack>
      )}
    </DetailPage>
  );
}
