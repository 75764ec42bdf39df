import { Fragment, useEffect } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { DetailTabs } from '../../components/DetailTabs';
import { PageHeader } from '../../components/PageHeader';
import { TabLink } from '../../components/TabLink';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { ApprovalsTab } from './ApprovalsTab';
import { BrandingTab } from './BrandingTab';
import { CmsTab } from './CmsTab';
import { EmailTemplatesTab } from './EmailTemplatesTab';
import { FieldOptionsTab } from './FieldOptionsTab';
import { FormsTab } from './FormsTab';
import { GeneralTab } from './GeneralTab';
import { PricingTab } from './PricingTab';
import { ProductsTab } from './ProductsTab';
import { RetentionTab } from './RetentionTab';
import { settingsTabs, type SettingsTab } from './settings.search';
import { SsoTab } from './SsoTab';
import { StagesTab } from './StagesTab';
import { useSettingsAccess } from './use-settings-access';

const FROM = '/$account/$site/settings';

/**
 * The selected site's settings, a tab each (in the URL: `?tab=pricing`). Users who may only view see every value
 * read-only; the account's branding, single sign-on and data retention tabs are there only for those who may change the account (account admins).
 */
export function SiteSettingsPage() {
  const { t } = useTranslation('settings');
  const { account, site } = useParams({ from: FROM });
  const search = useSearch({ from: FROM });
  const navigate = useNavigate();
  const { canUpdate, canBrand } = useSettingsAccess();
  const tabs = settingsTabs.filter((tab) => (tab !== 'branding' && tab !== 'sso' && tab !== 'retention') || canBrand);
  const asked = search.tab ?? 'general';
  const known = tabs.includes(asked);
  const tab: SettingsTab = known ? asked : 'general';
  // A tab this user may not open (or an unknown one) is corrected in the address.
  useEffect(() => {
    if (!known) void navigate({ to: FROM, params: { account, site }, search: { tab: undefined }, replace: true });
  }, [known, navigate, account, site]);

  const { siteId } = useSession().scope;
  const siteName = useCurrentUser()?.accounts.flatMap((a) => a.sites).find((s) => s.id === siteId)?.name;
  const readOnly = !canUpdate;

  return (
    <>
      <PageHeader title={t('title')} subtitle={siteName ? t('subtitle', { site: siteName }) : undefined} />
      {readOnly && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('readOnly')}
        </Alert>
      )}
      <DetailTabs
        label={t('tabs.label')}
        tabs={tabs}
        current={tab}
        tabLabel={(name) => t(`tabs.${name}`)}
        idPrefix="settings"
        renderTab={(name, props) => <TabLink key={name} to={FROM} params={{ account, site }} search={{ tab: name }} {...props} />}
      >
        {/* Another site selected (the scope switcher): its forms start from its own values. */}
        <Fragment key={siteId}>
          {tab === 'general' && <GeneralTab readOnly={readOnly} />}
          {tab === 'approvals' && <ApprovalsTab readOnly={readOnly} />}
          {tab === 'pricing' && <PricingTab readOnly={readOnly} />}
          {tab === 'products' && <ProductsTab readOnly={readOnly} />}
          {tab === 'stages' && <StagesTab readOnly={readOnly} />}
          {tab === 'field-options' && <FieldOptionsTab readOnly={readOnly} />}
          {tab === 'email-templates' && <EmailTemplatesTab readOnly={readOnly} />}
          {tab === 'forms' && <FormsTab readOnly={readOnly} />}
          {tab === 'branding' && canBrand && <BrandingTab />}
          {tab === 'sso' && canBrand && <SsoTab />}
          {tab === 'retention' && canBrand && <RetentionTab />}
          {tab === 'cms' && <CmsTab canUpdate={!readOnly} />}
        </Fragment>
      </DetailTabs>
    </>
  );
}
