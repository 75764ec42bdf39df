import type { Ref } from 'react';
import { createLink, Navigate, useParams } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab, { type TabProps } from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getSeeker } from '@hireline/contract/seekers';
import { ErrorState } from '../../components/ErrorState';
import { BackIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { SeekerActions } from './SeekerActions';
import { SeekerApplicationsTab } from './SeekerApplicationsTab';
import { SeekerProfileTab } from './SeekerProfileTab';
import { SeekerStatusChip } from './SeekerStatusChip';
import { SeekerTagsTab } from './SeekerTagsTab';
import { isSeekerTab, seekerTabs, type SeekerTab } from './seekers.search';

const FROM = '/$account/$site/seekers/$id/$tab';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Tabs are links: each tab has its own URL, and the browser's back button, middle-click and sharing work.
const TabBase = (props: TabProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <Tab component="a" {...props} />;
const TabLink = createLink(TabBase);

const tabId = (tab: SeekerTab) => `seeker-tab-${tab}`;
const panelId = (tab: SeekerTab) => `seeker-panel-${tab}`;

/** One seeker: who they are, what may be done to them now, and a tab each for profile, applications and tags. */
export function SeekerDetailPage() {
  const { t } = useTranslation('seekers');
  const { account, site, id, tab } = useParams({ from: FROM });
  const slugs = { account, site };
  const validId = UUID.test(id);
  const query = useApiQuery(
    getSeeker,
    { params: { uuid: id } },
    { enabled: validId, retry: (count, error) => error.status !== 404 && error.status !== 403 && count < 2 },
  );
  const seeker = query.data;
  const back = (
    <ButtonLink to="/$account/$site/seekers" params={slugs} startIcon={<BackIcon />}>
      {t('detail.back')}
    </ButtonLink>
  );

  // An old or hand-made link (the global search opens records on `overview`) lands on the profile.
  if (!isSeekerTab(tab)) return <Navigate to={FROM} params={{ ...slugs, id, tab: 'profile' }} replace />;
  // Another account's seeker, a deleted one or a made-up id (DESIGN §6: outside the scope is 404).
  if (!validId || query.error?.status === 404)
    return (
      <Box role="status" sx={{ textAlign: 'center', maxWidth: 520, mx: 'auto', py: 6 }}>
        <Typography aria-hidden sx={{ fontSize: 88, fontWeight: 700, lineHeight: 1, color: 'primary.main', mb: 2 }}>
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
  if (!seeker)
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

  return (
    <Stack spacing={3}>
      <Box>{back}</Box>
      <Box>
        <PageHeader title={seeker.name} subtitle={t('detail.profileId', { id: seeker.profile_id })} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: -1.5 }}>
          <SeekerStatusChip seeker={seeker} size="medium" />
        </Box>
      </Box>
      <SeekerActions seeker={seeker} slugs={slugs} />
      <Box>
        <Tabs
          value={tab}
          aria-label={t('tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          {seekerTabs.map((name) => (
            <TabLink
              key={name}
              to={FROM}
              params={{ ...slugs, id, tab: name }}
              value={name}
              label={t(`tabs.${name}`)}
              id={tabId(name)}
              aria-controls={name === tab ? panelId(name) : undefined}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
          {tab === 'profile' && <SeekerProfileTab seeker={seeker} />}
          {tab === 'applications' && <SeekerApplicationsTab seekerId={seeker.id} slugs={slugs} />}
          {tab === 'tags' && <SeekerTagsTab seekerId={seeker.id} editable={seeker.actions.update_tags} />}
        </Box>
      </Box>
    </Stack>
  );
}
