import { FormTextField } from '../../components/form/FormTextField';
import { useState } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  createConsultant,
  createConsultantBody,
  getConsultant,
  updateConsultant,
  type ConsultantDetail,
  type ConsultantInput,
} from '@hireline/contract/consultants';
import { uploadRules } from '@hireline/contract/uploads';
import { DetailPage, useRecordQuery } from '../../components/DetailPage';
import { BackIcon } from '../../components/icons';
import { ImageUploadField } from '../../components/ImageUploadField';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { useSnackbar } from '../../lib/snackbar';
import { translateMessage } from '../../lib/messages';
import { useAccountSites, useRefreshConsultants } from './use-consultants-data';

type Slugs = { account: string; site: string };
const FIELDS = ['name', 'email', 'phone', 'title', 'photo_file_id', 'site_ids'] as const;

/** Adding a consultant: they start on the selected site, which the form preselects. */
export function ConsultantCreatePage() {
  const { t } = useTranslation('consultants');
  const { account, site } = useParams({ from: '/$account/$site/consultants/create' });
  const slugs = { account, site };
  return (
    <Stack spacing={2}>
      <Box>
        <ButtonLink to="/$account/$site/consultants" params={slugs} startIcon={<BackIcon />}>
          {t('detail.back')}
        </ButtonLink>
      </Box>
      <PageHeader title={t('form.createTitle')} subtitle={t('form.createSubtitle')} />
      <ConsultantForm slugs={slugs} consultant={null} />
    </Stack>
  );
}

/** Editing a consultant: their fields and sites; a 404 (not on this site) says so with the way back. */
export function ConsultantEditPage() {
  const { t } = useTranslation('consultants');
  const { account, site, id } = useParams({ from: '/$account/$site/consultants/$id/edit' });
  const slugs = { account, site };
  const record = useRecordQuery(getConsultant, id);
  const back = (
    <ButtonLink to="/$account/$site/consultants/$id" params={{ ...slugs, id }} startIcon={<BackIcon />}>
      {t('form.backToConsultant')}
    </ButtonLink>
  );
  return (
    <DetailPage
      record={record}
      back={back}
      labels={{ notFoundTitle: t('detail.notFound.title'), notFoundBody: t('detail.notFound.body'), loadError: t('detail.loadError') }}
      name={(consultant) => t('form.editTitle', { name: consultant.name })}
    >
      {(consultant) => (
        <>
          <PageHeader title={t('form.editTitle', { name: consultant.name })} />
          <ConsultantForm slugs={slugs} consultant={consultant} />
        </>
      )}
    </DetailPage>
  );
}

function ConsultantForm({ slugs, consultant }: { slugs: Slugs; consultant: ConsultantDetail | null }) {
  const { t } = useTranslation('consultants');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshConsultants();
  const { sites: accountSites, loading: sitesLoading, error: sitesError } = useAccountSites();
  // A new consultant starts on the selected site (the one in the address).
  const currentSiteId = useSession().scope.siteId;
  // The consultant's own sites stay offered, even one the caller cannot see in the account's list.
  const sites = [...accountSites, ...(consultant?.sites ?? []).filter((s) => !accountSites.some((a) => a.id === s.id))];
  const [preview, setPreview] = useState<string | null>(consultant?.photo ?? null);
  const [formError, setFormError] = useState<string>();

  const form = useForm<ConsultantInput>({
    resolver: zodResolver(createConsultantBody),
    defaultValues: {
      name: consultant?.name ?? '',
      email: consultant?.email ?? '',
      phone: consultant?.phone ?? '',
      title: consultant?.title ?? '',
      photo_file_id: consultant?.photo_file_id ?? null,
      site_ids: consultant ? consultant.sites.map((s) => s.id) : currentSiteId ? [currentSiteId] : [],
    },
  });
  const siteIds = useController({ control: form.control, name: 'site_ids' });
  const photo = useController({ control: form.control, name: 'photo_file_id' });
  const create = useApiMutation(createConsultant);
  const update = useApiMutation(updateConsultant);
  const name = form.watch('name');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    const body = createConsultantBody.parse(values);
    try {
      const saved = consultant
        ? await update.mutateAsync({ params: { uuid: consultant.id }, body })
        : await create.mutateAsync({ body });
      snackbar.success(consultant ? t('form.saved') : t('form.created', { name: saved.name }));
      void refresh();
      void navigate({ to: '/$account/$site/consultants/$id', params: { ...slugs, id: saved.id } });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });
  const sitesMessage = siteIds.fieldState.error?.message;
  const busy = form.formState.isSubmitting;
  const nameOf = (id: string) => sites.find((s) => s.id === id)?.name ?? t('form.unknownSite');

  return (
    <Card component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={consultant ? t('form.editTitle', { name: consultant.name }) : t('form.createTitle')}>
      <CardContent>
        <Stack spacing={3}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <ImageUploadField
            label={t('form.photo.label')}
            hint={t('form.photo.hint', { mb: uploadRules.avatar.maxMb })}
            purpose="avatar"
            shape="round"
            headingLevel="h2"
            url={preview}
            name={name}
            texts={{
              upload: t('form.photo.upload'),
              change: t('form.photo.change'),
              remove: t('form.photo.remove'),
              preview: t('form.photo.preview'),
            }}
            error={photo.fieldState.error?.message && translateMessage(photo.fieldState.error.message)}
            onChange={(file) => {
              setPreview(file?.url ?? null);
              photo.field.onChange(file?.id ?? null);
            }}
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={form.control} name="name" label={t('form.name')} required autoComplete="off" />
            <FormTextField control={form.control} name="title" label={t('form.title')} helperText={t('form.titleHint')} />
            <FormTextField control={form.control} name="email" label={t('form.email')} type="email" autoComplete="off" />
            <FormTextField control={form.control} name="phone" label={t('form.phone')} type="tel" autoComplete="off" />
            <TextField
              select
              required
              label={t('form.sites')}
              value={siteIds.field.value ?? []}
              onChange={(e) => {
                const value = e.target.value as unknown as string[] | string;
                siteIds.field.onChange(typeof value === 'string' ? value.split(',') : value);
              }}
              onBlur={siteIds.field.onBlur}
              inputRef={siteIds.field.ref}
              name={siteIds.field.name}
              error={Boolean(sitesMessage)}
              helperText={sitesMessage ? translateMessage(sitesMessage) : sitesError ? t('form.sitesLoadError') : t('form.sitesHint')}
              disabled={sitesLoading}
              sx={{ gridColumn: '1 / -1' }}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) => (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {(selected as string[]).map((id) => (
                        <Chip key={id} size="small" label={nameOf(id)} />
                      ))}
                    </Box>
                  ),
                },
              }}
            >
              {sites.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <ButtonLink
              to={consultant ? '/$account/$site/consultants/$id' : '/$account/$site/consultants'}
              params={consultant ? { ...slugs, id: consultant.id } : slugs}
              disabled={busy}
            >
              {t('form.cancel')}
            </ButtonLink>
            <Button type="submit" variant="contained" loading={busy}>
              {consultant ? t('form.save') : t('form.create')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
