import { useState } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { priceFor, type Tier } from '@hireline/contract/pricing';
import { formatNumber } from '../../lib/format';
import { formatMoney, SettingsTextField, unitsToCents } from './settings-form';
import type { PricingBody, PricingValues } from './PricingTab';

/** One range as typed: quantities and a percentage; a blank maximum means "and more". */
export interface TierRow {
  min_quantity: string;
  max_quantity: string;
  discount_percent: string;
}

const MAX_TIERS = 20;
const int = (text: string | undefined) => (/^\d+$/.test((text ?? '').trim()) ? Number((text ?? '').trim()) : null);

/** The ranges that read as valid numbers, for the example (the contract checks the rest on save). */
function readableTiers(rows: TierRow[]): Tier[] {
  return rows.flatMap((row, i) => {
    const maxText = (row?.max_quantity ?? '').trim();
    const percentText = (row?.discount_percent ?? '').trim();
    const min = int(row?.min_quantity);
    const max = maxText === '' ? null : int(maxText);
    const percent = Number(percentText.replace(',', '.'));
    if (min === null || (maxText !== '' && max === null) || percentText === '') return [];
    if (!Number.isFinite(percent) || percent < 0 || percent > 100) return [];
    return [{ id: String(i), min_quantity: min, max_quantity: max, discount_bps: Math.round(percent * 100) }];
  });
}

/**
 * The discount ranges: from, to (blank = and more) and the discount; rows added and removed in place, and a live
 * example of what a quantity costs with the price and ranges as they stand in the form.
 */
export function TiersEditor({ control, readOnly }: { control: Control<PricingValues, unknown, PricingBody>; readOnly: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const lng = i18n.language;
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers' });
  const [example, setExample] = useState('10');
  const [rows, price, currency] = useWatch({ control, name: ['tiers', 'price', 'currency'] });

  const addRow = () => {
    const last = rows.at(-1);
    const lastMax = last ? int(last.max_quantity) : null;
    const next = last ? (lastMax === null ? (int(last.min_quantity) ?? 0) + 1 : lastMax + 1) : 1;
    append(
      { min_quantity: String(next), max_quantity: '', discount_percent: '' },
      { shouldFocus: true, focusName: `tiers.${fields.length}.discount_percent` },
    );
  };

  const quantity = int(example);
  const unit = unitsToCents(price);
  const priced =
    quantity !== null && quantity >= 1 && quantity <= 1_000_000 && unit !== null && Number.isFinite(unit)
      ? priceFor(readableTiers(rows), unit, quantity)
      : null;

  return (
    <Box component="section" aria-labelledby="pricing-tiers-heading">
      <Typography id="pricing-tiers-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('pricing.tiersHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('pricing.tiersHint')}
      </Typography>
      {fields.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('pricing.noTiers')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {fields.map((field, index) => (
          <Box component="li" key={field.id}>
            <Box
              role="group"
              aria-label={t('pricing.range', { n: index + 1 })}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
            >
              <SettingsTextField
                control={control}
                name={`tiers.${index}.min_quantity`}
                label={t('pricing.min')}
                required
                readOnly={readOnly}
                size="small"
                fullWidth={false}
                sx={{ width: 130 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
              />
              <SettingsTextField
                control={control}
                name={`tiers.${index}.max_quantity`}
                label={t('pricing.max')}
                placeholder={t('pricing.andMore')}
                readOnly={readOnly}
                size="small"
                fullWidth={false}
                sx={{ width: 150 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
              />
              <SettingsTextField
                control={control}
                name={`tiers.${index}.discount_percent`}
                label={t('pricing.percent')}
                required
                readOnly={readOnly}
                size="small"
                fullWidth={false}
                sx={{ width: 150 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
              {!readOnly && (
                <Tooltip title={t('pricing.remove', { n: index + 1 })}>
                  <IconButton aria-label={t('pricing.remove', { n: index + 1 })} onClick={() => remove(index)} sx={{ mt: 0.25 }}>
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('pricing.andMoreHint')}
      </Typography>
      {!readOnly && (
        <Button startIcon={<AddOutlined />} onClick={addRow} disabled={fields.length >= MAX_TIERS} sx={{ mt: 1.5 }}>
          {t('pricing.add')}
        </Button>
      )}
      <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          label={t('pricing.exampleQuantity')}
          value={example}
          onChange={(e) => setExample(e.target.value)}
          size="small"
          sx={{ width: 180 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        />
        <Typography role="status" aria-live="polite" data-testid="tier-example">
          {priced &&
            t('pricing.example', {
              count: priced.quantity,
              quantity: formatNumber(priced.quantity, lng),
              total: formatMoney(priced.total_cents, currency, lng),
            })}
          {priced && priced.discount_bps > 0 && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' '}
              {t('pricing.exampleDiscount', {
                percent: new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 }).format(priced.discount_bps / 10_000),
              })}
            </Box>
          )}
        </Typography>
      </Box>
    </Box>
  );
}
