import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createProductBody, createSiteProduct, updateSiteProduct, type SiteProduct } from '@hireline/contract/site-products';
import { getSiteSettings } from '@hireline/contract/site-settings';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { centsToUnits, FormAlert, issuesToErrors, placeServerErrors, SettingsTextField, SwitchField, unitsToCents } from './settings-form';

interface ProductValues {
  name: string;
  description: string;
  duration_days: string;
  featured: boolean;
  price: string;
  enabled: boolean;
}
type ProductBody = z.output<typeof createProductBody>;

const EMPTY: ProductValues = { name: '', description: '', duration_days: '30', featured: false, price: '', enabled: true };
const FIELD_OF: Record<string, keyof ProductValues> = {
  name: 'name',
  description: 'description',
  duration_days: 'duration_days',
  featured: 'featured',
  price_cents: 'price',
  enabled: 'enabled',
};

const valuesOf = (p: SiteProduct): ProductValues => ({
  name: p.name,
  description: p.description ?? '',
  duration_days: String(p.duration_days),
  featured: p.featured,
  price: centsToUnits(p.price_cents),
  enabled: p.enabled,
});

const bodyOf = (v: ProductValues) => ({
  name: v.name,
  description: v.description,
  duration_days: /^\s*\d+\s*$/.test(v.duration_days) ? Number(v.duration_days) : v.duration_days.trim() === '' ? undefined : Number.NaN,
  featured: v.featured,
  price_cents: unitsToCents(v.price) ?? undefined,
  enabled: v.enabled,
});

/** Checked as the body it sends, with the contract's schema (so the API's messages); every field is required here. */
const resolver: Resolver<ProductValues, unknown, ProductBody> = async (values) => {
  const parsed = createProductBody.required().safeParse(bodyOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  return { values: {}, errors: issuesToErrors<ProductValues>(parsed.error.issues, (path) => FIELD_OF[String(path[0])]) };
};

/** Adds a product, or changes one (jobs already posted keep their dates and featured flag). */
export function ProductDialog(props: { open: boolean; product: SiteProduct | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const currency = useApiQuery(getSiteSettings, {}).data?.currency ?? props.product?.currency;
  const form = useForm<ProductValues, unknown, ProductBody>({ resolver, defaultValues: EMPTY });
  const create = useApiMutation(createSiteProduct);
  const update = useApiMutation(updateSiteProduct);
  const { reset } = form;
  const { open, product } = props;
  useEffect(() => {
    if (!open) return;
    reset(product ? valuesOf(product) : EMPTY);
    setFormError(undefined);
  }, [open, product, reset]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const saved = product
        ? await update.mutateAsync({ params: { id: product.id }, body })
        : await create.mutateAsync({ body });
      notify.success(t(product ? 'products.updated' : 'products.created', { name: saved.name }));
      props.onSaved();
      props.onClose();
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, (key) => FIELD_OF[key]));
    }
  });
  const saving = create.isPending || update.isPending;

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{product ? t('products.editTitle', { name: product.name }) : t('products.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormAlert message={formError} />
          <SettingsTextField
            control={form.control}
            name="name"
            label={t('products.fields.name')}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <SettingsTextField
            control={form.control}
            name="description"
            label={t('products.fields.description')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SettingsTextField
              control={form.control}
              name="duration_days"
              label={t('products.fields.duration')}
              helperText={t('products.fields.durationHint')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
            />
            <SettingsTextField
              control={form.control}
              name="price"
              label={t('products.fields.price')}
              helperText={currency ? t('products.fields.priceHint', { currency }) : undefined}
              required
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
          </Stack>
          <SwitchField control={form.control} name="featured" label={t('products.fields.featured')} description={t('products.fields.featuredHint')} />
          <SwitchField control={form.control} name="enabled" label={t('products.fields.enabled')} description={t('products.fields.enabledHint')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={saving}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={!form.formState.isDirty}>
          {product ? t('save') : t('products.createSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
