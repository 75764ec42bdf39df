import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getEmployer } from '@hireline/contract/employers';
import { DetailHeader, DetailPage, useRecordQuery } from '../../components/DetailPage';
import { DetailTabs, type TabLinkProps } from '../../components/DetailTabs';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { EmployerActions, type EmployerMode } from './EmployerActions';
import { EmployerStatusChip, EnabledChip } from './EmployerChips';
import { EmployerCreditsTab } from './EmployerCreditsTab';
import { EmployerDetailsTab } from './EmployerDetailsTab';
import { EmployerJobsTab } from './EmployerJobsTab';
import { EmployerUsersPanel } from './EmployerUsersPanel';
import { employerTabs, type EmployerDetailSearch, type EmployerTab } from './employers.search';

type Slugs = { account: string; site: string };

/**
 * One employer: its name and state, what may be done to it now, and a tab each for its details, users, jobs and
 * credits (the tab is the `tab` search param). `site` is the site's employer under the list; `selected` is the
 * employer the user acts for (`/employer`), without the way back to a list.
 */
export function EmployerDetailView(props: {
  id: string;
  mode: EmployerMode;
  slugs: Slugs;
  search: EmployerDetailSearch;
  /** Makes the link of one tab (the route's own `to` and params, `search: { tab }`). */
  renderTab: (tab: EmployerTab, props: TabLinkProps<EmployerTab>) => ReactNode;
  /** Writes the jobs tab's paging to the URL. */
  go: (patch: { page?: number; per_page?: number }, replace?: boolean) => void;
}) {
  const { t } = useTranslation('employers');
  const { slugs, search, mode } = props;
  const canViewJobs = useCan('view', 'jobs');
  const tabs = employerTabs.filter((tab) => tab !== 'jobs' || canViewJobs);
  const tab: EmployerTab = search.tab && tabs.includes(search.tab) ? search.tab : 'details';
  const record = useRecordQuery(getEmployer, props.id);
  const back =
    mode === 'site' ? (
      <ButtonLink to="/$account/$site/employers" params={slugs} startIcon={<BackIcon />}>
        {t('detail.back')}
      </ButtonLink>
    ) : null;

  return (
    <DetailPage
      record={record}
      back={back}
      labels={{
        notFoundTitle: t('detail.notFound.title'),
        notFoundBody: t('detail.notFound.body'),
        loadError: t('detail.loadError'),
      }}
      name={(employer) => employer.business_name}
    >
      {(employer) => (
        <>
          <DetailHeader
            title={employer.business_name}
            subtitle={
              employer.registration_number
                ? t('detail.subtitleRegistered', { type: t(`type.${employer.type}`), number: employer.registration_number })
                : t(`type.${employer.type}`)
            }
          >
            <EmployerStatusChip status={employer.status} size="medium" />
            <EnabledChip enabled={employer.enabled} size="medium" />
          </DetailHeader>
          <EmployerActions employer={employer} mode={mode} slugs={slugs} />
          <DetailTabs
            label={t('tabs.label')}
            tabs={tabs}
            current={tab}
            tabLabel={(name) => t(`tabs.${name}`)}
            idPrefix="employer"
            renderTab={props.renderTab}
          >
            {tab === 'details' && <EmployerDetailsTab employer={employer} />}
            {tab === 'users' && (
              <EmployerUsersPanel employerId={employer.id} employerName={employer.business_name} manage={employer.allowed_actions.includes('manage_users')} />
            )}
            {tab === 'jobs' && <EmployerJobsTab employerId={employer.id} slugs={slugs} paging={search} go={props.go} />}
            {tab === 'credits' && <EmployerCreditsTab employer={employer} slugs={slugs} />}
          </DetailTabs>
        </>
      )}
    </DetailPage>
  );
}
