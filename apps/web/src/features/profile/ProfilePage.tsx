import type { ComponentType, Ref } from 'react';
import { createLink, useParams } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Tab, { type TabProps } from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/page-title';
import { AccountTab } from './AccountTab';
import { isProfileTab, type ProfileTab } from './profile-tabs';
import { SecurityTab } from './SecurityTab';
import { SettingsTab } from './SettingsTab';

// Tabs are links: each tab has its own URL, and the browser's back button, middle-click and sharing work.
const TabBase = (props: TabProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <Tab component="a" {...props} />;
const TabLink = createLink(TabBase);

const panels: Record<ProfileTab, ComponentType> = {
  account: AccountTab,
  security: SecurityTab,
  settings: SettingsTab,
};

const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;
const panelId = (tab: ProfileTab) => `profile-panel-${tab}`;

function ProfileView({ tab }: { tab: ProfileTab }) {
  const { t } = useTranslation('profile');
  usePageTitle(t('tabTitle', { tab: t(`tabs.${tab}`) }));
  const Panel = panels[tab];
  const common = (name: ProfileTab) => ({
    value: name,
    label: t(`tabs.${name}`),
    id: tabId(name),
    'aria-controls': name === tab ? panelId(name) : undefined,
  });
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs value={tab} aria-label={t('tabs.label')} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 3 }}>
        <TabLink to="/auth/profile/$tab" params={{ tab: 'account' }} {...common('account')} />
        <TabLink to="/auth/profile/$tab" params={{ tab: 'security' }} {...common('security')} />
        {/* Its own route in the spec's table (it outranks `$tab`). */}
        <TabLink to="/auth/profile/settings" {...common('settings')} />
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <Panel />
      </Box>
    </>
  );
}

/** `/auth/profile/$tab`; the route sends an unknown tab to the not-found page. */
export function ProfilePage() {
  const { tab } = useParams({ from: '/auth/profile/$tab' });
  return <ProfileView tab={isProfileTab(tab) ? tab : 'account'} />;
}

/** `/auth/profile/settings`: the same page on its settings tab. */
export function ProfileSettingsPage() {
  return <ProfileView tab="settings" />;
}
