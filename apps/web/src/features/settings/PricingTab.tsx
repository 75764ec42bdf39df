import { useMemo, useState } from 'react';
import { useForm, type Path, type Resolver, type ResolverResult } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { listDiscountTiers, type DiscountTier } from '@hireline/contract/credits';
import { listProducts } from '@hireline/contract/lookups';
import { listSiteProducts } from '@hireline/contract/site-products';
import {
  getSiteSettings,
  replaceDiscountTiers,
  replaceTiersBody,
  updateSiteSettings,
  type SiteSettingsDocument,
} from '@hireline/contract/site-settings';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { translateMessage } from '../../lib/messages';
import { centsToUnits, FormAlert, issuesToErrors, placeServerErrors, QueryGate, SaveBar, SettingsTextField, unitsToCents } from './settings-form';
import { TiersEditor, type TierRow } from './TiersEditor';

const priceSchema = bodySchema(updateSiteSettings).pick({ price_per_credit_cents: true, currency: true }).required();

export interface PricingValues {
  price: string;
  currency: string;
  tiers: TierRow[];
}
export interface PricingBody {
  price: z.output<typeof priceSchema>;
  tiers: z.output<typeof replaceTiersBody>;
}

/** A 422 on one range's field (`1.min_quantity`); anything else is said above the form. */
const TIER_KEY = /^\d+\.(min_quantity|max_quantity|discount_percent)$/;
const PRICE_FIELDS: Record<string, 'price' | 'currency'> = { price_per_credit_cents: 'price', currency: 'currency' };

/** What the user typed as numbers: blank is absent (or no maximum), anything unreadable is NaN for the contract to refuse. */
const toNumber = (text: string | undefined) => {
  const s = (text ?? '').trim();
  return s === '' ? undefined : Number(s.replace(',', '.'));
};

export function tiersBody(rows: TierRow[]) {
  return rows.filter(Boolean).map((row) => ({
    min_quantity: toNumber(row.min_quantity),
    max_quantity: toNumber(row.max_quantity) ?? null,
    discount_percent: toNumber(row.discount_percent),
  }));
}

/** The form is checked as the two bodies it sends, with the contract's schemas (so with the API's messages). */
const resolver: Resolver<PricingValues, unknown, PricingBody> = async (values): Promise<ResolverResult<PricingValues, PricingBody>> => {
  const price = priceSchema.safeParse({ price_per_credit_cents: unitsToCents(values.price) ?? undefined, currency: values.currency });
  const tiers = replaceTiersBody.safeParse(tiersBody(values.tiers));
  if (price.success && tiers.success) return { values: { price: price.data, tiers: tiers.data }, errors: {} };
  const issues = [
    ...(price.success ? [] : price.error.issues.map((issue) => ({ ...issue, path: [PRICE_FIELDS[String(issue.path[0])] ?? ''] }))),
    ...(tiers.success ? [] : tiers.error.issues.map((issue) => ({ ...issue, path: ['tiers', ...issue.path] }))),
  ];
  const at = (path: PropertyKey[]) =>
    path.length === 1 && (path[0] === 'price' || path[0] === 'currency') ? path[0] : path.length === 3 ? path.map(String).join('.') : undefined;
  return { values: {}, errors: issuesToErrors<PricingValues>(issues, at) };
};

const rowsOf = (tiers: DiscountTier[]): TierRow[] =>
  [...tiers]
    .sort((a, b) => a.min_quantity - b.min_quantity)
    .map((tier) => ({
      min_quantity: String(tier.min_quantity),
      max_quantity: tier.max_quantity === null ? '' : String(tier.max_quantity),
      discount_percent: String(tier.discount_percent),
    }));

const valuesOf = (settings: Pick<SiteSettingsDocument, 'price_per_credit_cents' | 'currency'>, tiers: DiscountTier[]): PricingValues => ({
  price: centsToUnits(settings.price_per_credit_cents),
  currency: settings.currency,
  tiers: rowsOf(tiers),
});

/** The price of one credit, its currency, and the discounts by quantity bought. */
export function PricingTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const settings = useApiQuery(getSiteSettings, {});
  const tiers = useApiQuery(listDiscountTiers, {});
  return (
    <QueryGate query={settings} errorTitle={t('loadError')}>
      {(doc) => (
        <QueryGate query={tiers} errorTitle={t('pricing.loadError')}>
          {(list) => <PricingForm settings={doc} tiers={list.data} readOnly={readOnly} />}
        </QueryGate>
      )}
    </QueryGate>
  );
}

function PricingForm({ settings, tiers, readOnly }: { settings: SiteSettingsDocument; tiers: DiscountTier[]; readOnly: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const form = useForm<PricingValues, unknown, PricingBody>({ resolver, defaultValues: valuesOf(settings, tiers) });
  const savePrice = useApiMutation(updateSiteSettings);
  const saveTiers = useApiMutation(replaceDiscountTiers);
  const currencies = useMemo(() => currencyChoices(settings.currency, i18n.language), [settings.currency, i18n.language]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    const defaults = form.formState.defaultValues as PricingValues;
    const values = form.getValues();
    const priceChanged = values.price !== defaults.price || values.currency !== defaults.currency;
    const tiersChanged = JSON.stringify(values.tiers) !== JSON.stringify(defaults.tiers);
    let saved = defaults;
    if (priceChanged) {
      try {
        const doc = await savePrice.mutateAsync({ body: body.price });
        saved = { ...saved, price: centsToUnits(doc.price_per_credit_cents), currency: doc.currency };
        void invalidateEndpoint(queryClient, getSiteSettings);
        // A new currency applies to the products too.
        void invalidateEndpoint(queryClient, listSiteProducts);
        void invalidateEndpoint(queryClient, listProducts);
      } catch (error) {
        setFormError(placeServerErrors(error, form.setError, (key) => PRICE_FIELDS[key]));
        return;
      }
    }
    if (tiersChanged) {
      try {
        const result = await saveTiers.mutateAsync({ body: body.tiers });
        saved = { ...saved, tiers: rowsOf(result.data) };
      } catch (error) {
        // The price may have been saved already: it is the new starting point, the ranges stay as typed.
        form.reset(saved, { keepValues: true });
        const at = (key: string) => (TIER_KEY.test(key) ? (`tiers.${key}` as Path<PricingValues>) : undefined);
        setFormError(placeServerErrors(error, form.setError, at));
        if (priceChanged) notify.success(t('pricing.priceSaved'));
        return;
      } finally {
        void invalidateEndpoint(queryClient, listDiscountTiers);
      }
    }
    form.reset(saved);
    notify.success(t('pricing.saved'));
  });

  const listError = form.formState.errors.root?.server?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('tabs.pricing')}>
      <Stack spacing={3}>
        <FormAlert message={formError ?? (listError ? translateMessage(listError) : undefined)} />
        <Box component="section" aria-labelledby="pricing-credit-heading">
          <Typography id="pricing-credit-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('pricing.creditHeading')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('pricing.creditHint')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <SettingsTextField
              control={form.control}
              name="price"
              label={t('pricing.price')}
              required
              readOnly={readOnly}
              fullWidth={false}
              sx={{ width: 220 }}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
            <SettingsTextField
              control={form.control}
              name="currency"
              select
              label={t('pricing.currency')}
              helperText={t('pricing.currencyHint')}
              disabled={readOnly}
              fullWidth={false}
              sx={{ width: 320 }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </SettingsTextField>
          </Box>
        </Box>
        <TiersEditor control={form.control} readOnly={readOnly} />
        <SaveBar dirty={form.formState.isDirty} saving={form.formState.isSubmitting} readOnly={readOnly} onDiscard={() => form.reset()} />
      </Stack>
    </Box>
  );
}

/** ISO 4217 codes the browser knows, named in the reader's language ("EUR — euro"). */
function currencyChoices(current: string, language: string) {
  const codes = new Set(Intl.supportedValuesOf('currency'));
  codes.add(current);
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(language, { type: 'currency' });
  } catch {
    // An unknown language tag: the codes alone.
  }
  return [...codes].sort().map((code) => {
    const name = names?.of(code);
    return { code, label: name && name !== code ? `${code} — ${name}` : code };
  });
}
