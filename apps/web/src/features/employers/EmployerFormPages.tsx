import type { ReactNode } from 'react';
import { useCanGoBack, useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { createEmployer, getEmployer, updateEmployer, type EmployerDetail } from '@hireline/contract/employers';
import { DetailPage, useRecordQuery } from '../../components/DetailPage';
import { BackIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { useSession } from '../../lib/session';
import { useSnackbar } from '../../lib/snackbar';
import { EmployerForm } from './EmployerForm';
import type { EmployerBody } from './employer-form';
import { NoEmployerSelected } from './NoEmployerSelected';
import { useRefreshEmployers } from './use-employers-data';

type Slugs = { account: string; site: string };

/** Cancel goes back where the user came from, or to `fallback` when the form was opened directly. */
function useGoBack(fallback: () => Promise<void>) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return () => (canGoBack ? router.history.back() : void fallback());
}

/** Adding an employer to the site: staff-created employers start active. Saved, it opens the new employer. */
export function EmployerCreatePage() {
  const { t } = useTranslation('employers');
  const slugs = useParams({ from: '/$account/$site/employers/create' });
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshEmployers();
  const create = useApiMutation(createEmployer);
  const cancel = useGoBack(() => navigate({ to: '/$account/$site/employers', params: slugs }));
  const save = async (body: EmployerBody) => {
    const saved = await create.mutateAsync({ body });
    snackbar.success(t('form.created', { name: saved.business_name }));
    void refresh();
    await navigate({ to: '/$account/$site/employers/$id', params: { ...slugs, id: saved.id } });
  };
  return (
    <>
      <PageHeader title={t('form.createTitle')} subtitle={t('form.createSubtitle')} />
      <EmployerForm submitLabel={t('form.create')} save={save} onCancel={cancel} />
    </>
  );
}

/** The edit form of one employer, loaded by id; saved, it goes to `done`. */
function EditEmployer(props: { id: string; back: ReactNode; done: (employer: EmployerDetail) => Promise<void>; fallback: () => Promise<void> }) {
  const { t } = useTranslation('employers');
  const snackbar = useSnackbar();
  const refresh = useRefreshEmployers();
  const record = useRecordQuery(getEmployer, props.id);
  const update = useApiMutation(updateEmployer);
  const cancel = useGoBack(props.fallback);
  return (
    <DetailPage
      record={record}
      back={props.back}
      labels={{ notFoundTitle: t('detail.notFound.title'), notFoundBody: t('detail.notFound.body'), loadError: t('detail.loadError') }}
      name={(employer) => t('form.editTitle', { name: employer.business_name })}
    >
      {(employer) => (
        <div>
          <PageHeader title={t('form.editTitle', { name: employer.business_name })} />
          <EmployerForm
            employer={employer}
            submitLabel={t('form.save')}
            onCancel={cancel}
            save={async (body) => {
              const saved = await update.mutateAsync({ params: { uuid: employer.id }, body });
              snackbar.success(t('form.saved', { name: saved.business_name }));
              await refresh();
              await props.done(saved);
            }}
          />
        </div>
      )}
    </DetailPage>
  );
}

/** Editing one of the site's employers; saved, it opens the employer. */
export function EmployerEditPage() {
  const { t } = useTranslation('employers');
  const { account, site, id } = useParams({ from: '/$account/$site/employers/$id/edit' });
  const slugs: Slugs = { account, site };
  const navigate = useNavigate();
  const toDetail = () => navigate({ to: '/$account/$site/employers/$id', params: { ...slugs, id } });
  return (
    <EditEmployer
      key={id}
      id={id}
      back={
        <ButtonLink to="/$account/$site/employers/$id" params={{ ...slugs, id }} startIcon={<BackIcon />}>
          {t('form.backToEmployer')}
        </ButtonLink>
      }
      done={toDetail}
      fallback={toDetail}
    />
  );
}

/** Editing the selected employer (the one the user acts for); saved, it opens its profile. */
export function SelectedEmployerEditPage() {
  const { t } = useTranslation('employers');
  const slugs = useParams({ from: '/$account/$site/employer/edit' });
  const { employerId } = useSession().scope;
  const navigate = useNavigate();
  const toProfile = () => navigate({ to: '/$account/$site/employer', params: slugs });
  if (!employerId)
    return (
      <>
        <PageHeader title={t('selected.editTitle')} />
        <NoEmployerSelected />
      </>
    );
  return (
    <EditEmployer
      key={employerId}
      id={employerId}
      back={
        <ButtonLink to="/$account/$site/employer" params={slugs} startIcon={<BackIcon />}>
          {t('form.backToProfile')}
        </ButtonLink>
      }
      done={toProfile}
      fallback={toProfile}
    />
  );
}
