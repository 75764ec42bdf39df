import type { ComponentType } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { getApplication, type ApplicationDetail } from '@hireline/contract/applications';
import { DetailPage, useRecordQuery } from '../../components/DetailPage';
import { DetailTabs, useTabParam } from '../../components/DetailTabs';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { TabLink } from '../../components/TabLink';
import { AnswersTab } from './AnswersTab';
import { ApplicationActions } from './ApplicationActions';
import { ApplicationHeader } from './ApplicationHeader';
import { APPLICATION_TABS, type ApplicationTab } from './application-tabs';
import { DocumentsTab } from './DocumentsTab';
import { FeedbackTab } from './FeedbackTab';
import { HistoryTab } from './HistoryTab';
import { OverviewTab } from './OverviewTab';
import { TagsTab } from './TagsTab';

const FROM = '/$account/$site/applications/$id/$tab';

const PANELS: Record<ApplicationTab, ComponentType<{ app: ApplicationDetail }>> = {
  overview: OverviewTab,
  answers: AnswersTab,
  documents: DocumentsTab,
  history: HistoryTab,
  tags: TagsTab,
  feedback: FeedbackTab,
};

/** One application: header with status and actions, then a tab per part, each loading its own endpoint. */
export function ApplicationDetailPage() {
  const { t } = useTranslation('applications');
  const { account, site, id, tab: asked } = useParams({ from: FROM });
  const navigate = useNavigate();
  const slugs = { account, site };
  // An unknown tab shows the overview, and the address says so.
  const tab = useTabParam(asked, APPLICATION_TABS, 'overview', () =>
    void navigate({ to: FROM, params: { ...slugs, id, tab: 'overview' }, replace: true }),
  );
  const record = useRecordQuery(getApplication, id);
  const back = (
    <ButtonLink to="/$account/$site/applications" params={slugs} startIcon={<BackIcon />}>
      {t('detail.back')}
    </ButtonLink>
  );

  const Panel = PANELS[tab];
  return (
    <DetailPage
      record={record}
      back={back}
      labels={{
        notFoundTitle: t('detail.notFound.title'),
        notFoundBody: t('detail.notFound.body'),
        loadError: t('detail.loadError'),
      }}
      codeColor="brand.text"
      name={(app) => t('detail.tabTitle', { candidate: app.candidate.name, job: app.job.title })}
    >
      {(app) => (
        <>
          <ApplicationHeader app={app} slugs={slugs} />
          <ApplicationActions app={app} slugs={slugs} />
          <DetailTabs
            label={t('detail.tabs.label')}
            tabs={APPLICATION_TABS}
            current={tab}
            tabLabel={(name) => t(`detail.tabs.${name}`)}
            idPrefix="application"
            renderTab={(name, props) => <TabLink key={name} to={FROM} params={{ ...slugs, id, tab: name }} {...props} />}
          >
            <Panel app={app} />
          </DetailTabs>
        </>
      )}
    </DetailPage>
  );
}
