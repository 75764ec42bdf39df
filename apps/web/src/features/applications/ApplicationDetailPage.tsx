import { useEffect, type ComponentType, type Ref } from 'react';
import { createLink, useNavigate, useParams } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab, { type TabProps } from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getApplication, type ApplicationDetail } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { AnswersTab } from './AnswersTab';
import { ApplicationActions } from './ApplicationActions';
import { ApplicationHeader } from './ApplicationHeader';
import { APPLICATION_TABS, isApplicationTab, type ApplicationTab } from './application-tabs';
import { DocumentsTab } from './DocumentsTab';
import { FeedbackTab } from './FeedbackTab';
import { HistoryTab } from './HistoryTab';
import { OverviewTab } from './OverviewTab';
import { TagsTab } from './TagsTab';

const FROM = '/$account/$site/applications/$id/$tab';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Tabs are links: each tab has its own URL, and back, middle-click and sharing work (as on the profile page).
const TabBase = (props: TabProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <Tab component="a" {...props} />;
const TabLink = createLink(TabBase);

const PANELS: Record<ApplicationTab, ComponentType<{ app: ApplicationDetail }>> = {
  overview: OverviewTab,
  answers: AnswersTab,
  documents: DocumentsTab,
  history: HistoryTab,
  tags: TagsTab,
  feedback: FeedbackTab,
};
const tabId = (tab: ApplicationTab) => `application-tab-${tab}`;
const panelId = (tab: ApplicationTab) => `application-panel-${tab}`;

/** One application: header with status and actions, then a tab per part, each loading its own endpoint. */
export function ApplicationDetailPage() {
  const { t } = useTranslation('applications');
  const { account, site, id, tab: asked } = useParams({ from: FROM });
  const navigate = useNavigate();
  const slugs = { account, site };
  const tab: ApplicationTab = isApplicationTab(asked) ? asked : 'overview';
  const validId = UUID.test(id);
  const query = useApiQuery(
    getApplication,
    { params: { uuid: id } },
    { enabled: validId, retry: (count, error) => error.status !== 404 && error.status !== 403 && count < 2 },
  );
  // An unknown tab shows the overview, and the address says so.
  useEffect(() => {
    if (!isApplicationTab(asked)) void navigate({ to: FROM, params: { account, site, id, tab: 'overview' }, replace: true });
  }, [asked, account, site, id, navigate]);

  const app = query.data;
  const back = (
    <ButtonLink to="/$account/$site/applications" params={slugs} startIcon={<BackIcon />}>
      {t('detail.back')}
    </ButtonLink>
  );
  // Another site's application, a deleted one or a made-up id (DESIGN §6: outside the scope is 404).
  if (!validId || query.error?.status === 404)
    return (
      <Box role="status" sx={{ textAlign: 'center', maxWidth: 520, mx: 'auto', py: 6 }}>
        <Typography aria-hidden sx={{ fontSize: 88, fontWeight: 700, lineHeight: 1, color: 'brand.text', mb: 2 }}>
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('detail.notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('detail.notFound.body')}
        </Typography>
        {back}
      </Box>
    );
  if (!app)
    return query.isError ? (
      <Stack spacing={2}>
        <Box>{back}</Box>
        <ErrorState title={t('detail.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    ) : (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );

  const Panel = PANELS[tab];
  return (
    <Stack spacing={3}>
      <Box>{back}</Box>
      <ApplicationHeader app={app} slugs={slugs} />
      <ApplicationActions app={app} slugs={slugs} />
      <Box>
        <Tabs
          value={tab}
          aria-label={t('detail.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {APPLICATION_TABS.map((name) => (
            <TabLink
              key={name}
              to={FROM}
              params={{ account, site, id, tab: name }}
              value={name}
              label={t(`detail.tabs.${name}`)}
              id={tabId(name)}
              aria-controls={name === tab ? panelId(name) : undefined}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} sx={{ pt: 3 }}>
          <Panel app={app} />
        </Box>
      </Box>
    </Stack>
  );
}
