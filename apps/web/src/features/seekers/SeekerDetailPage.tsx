import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { getSeeker } from '@hireline/contract/seekers';
import { DetailHeader, DetailPage, useRecordQuery } from '../../components/DetailPage';
import { DetailTabs, useTabParam } from '../../components/DetailTabs';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { TabLink } from '../../components/TabLink';
import { SeekerActions } from './SeekerActions';
import { SeekerApplicationsTab } from './SeekerApplicationsTab';
import { SeekerProfileTab } from './SeekerProfileTab';
import { SeekerStatusChip } from './SeekerStatusChip';
import { SeekerTagsTab } from './SeekerTagsTab';
import { seekerTabs } from './seekers.search';

const FROM = '/$account/$site/seekers/$id/$tab';

/** One seeker: who they are, what may be done to them now, and a tab each for profile, applications and tags. */
export function SeekerDetailPage() {
  const { t } = useTranslation('seekers');
  const { account, site, id, tab: asked } = useParams({ from: FROM });
  const navigate = useNavigate();
  const slugs = { account, site };
  // An old or hand-made link (the global search opens records on `overview`) lands on the profile.
  const tab = useTabParam(asked, seekerTabs, 'profile', () =>
    void navigate({ to: FROM, params: { ...slugs, id, tab: 'profile' }, replace: true }),
  );
  const record = useRecordQuery(getSeeker, id);
  const back = (
    <ButtonLink to="/$account/$site/seekers" params={slugs} startIcon={<BackIcon />}>
      {t('detail.back')}
    </ButtonLink>
  );

  return (
    <DetailPage
      record={record}
      back={back}
      labels={{
        notFoundTitle: t('detail.notFound.title'),
        notFoundBody: t('detail.notFound.body'),
        loadError: t('detail.loadError'),
      }}
      name={(seeker) => seeker.name}
    >
      {(seeker) => (
        <>
          <DetailHeader title={seeker.name} subtitle={t('detail.profileId', { id: seeker.profile_id })}>
            <SeekerStatusChip seeker={seeker} size="medium" />
          </DetailHeader>
          <SeekerActions seeker={seeker} slugs={slugs} />
          <DetailTabs
            label={t('tabs.label')}
            tabs={seekerTabs}
            current={tab}
            tabLabel={(name) => t(`tabs.${name}`)}
            idPrefix="seeker"
            renderTab={(name, props) => <TabLink key={name} to={FROM} params={{ ...slugs, id, tab: name }} {...props} />}
          >
            {tab === 'profile' && <SeekerProfileTab seeker={seeker} />}
            {tab === 'applications' && <SeekerApplicationsTab seekerId={seeker.id} slugs={slugs} />}
            {tab === 'tags' && <SeekerTagsTab seekerId={seeker.id} editable={seeker.allowed_actions.includes('update_tags')} />}
          </DetailTabs>
        </>
      )}
    </DetailPage>
  );
}
