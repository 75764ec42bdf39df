import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { periodsPerYear, type BoardSite } from '@hireline/contract/board';
import { facetKeys, MAX_PAY_MIN, refine, toggleFacet, type FacetKey, type JobsSearch } from './jobs.search';

const facetOf: Record<FacetKey, keyof BoardSite['filters']> = {
  work_type: 'work_types',
  classification: 'classifications',
  pay_type: 'pay_types',
};

const formatNumber = (n: number, language: string) => new Intl.NumberFormat(language).format(n);

/** The currency's symbol as the reader's language writes it ("$", "€", "US$"), for the minimum pay field. */
function currencySymbol(currency: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(language, { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

export interface JobFiltersProps {
  site: BoardSite | undefined;
  search: JobsSearch;
  onChange: (next: JobsSearch) => void;
}

/** Facets with their counts of live adverts (options nobody uses and nobody selected are left out), then pay. */
export function JobFilters({ site, search, onChange }: JobFiltersProps) {
  const { t, i18n } = useTranslation();
  const [payMin, setPayMin] = useState(search.pay_min ? String(search.pay_min) : '');
  const [payError, setPayError] = useState<string>();
  // The field follows the URL when it changes elsewhere (back button, clear filters).
  const [seen, setSeen] = useState(search.pay_min);
  if (seen !== search.pay_min) {
    setSeen(search.pay_min);
    setPayMin(search.pay_min ? String(search.pay_min) : '');
  }

  function applyPay(event: FormEvent) {
    event.preventDefault();
    const value = payMin.trim() === '' ? undefined : Number(payMin);
    if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > MAX_PAY_MIN)) {
      setPayError(t('filters.payInvalid'));
      return;
    }
    setPayError(undefined);
    onChange(refine(search, { pay_min: value || undefined }));
  }

  return (
    <Stack spacing={3}>
      {facetKeys.map((key) => {
        const options = (site?.filters[facetOf[key]] ?? []).filter((o) => o.count > 0 || search[key]?.includes(o.value));
        if (!options.length) return null;
        return (
          <Box component="fieldset" key={key} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, fontWeight: 600 }}>
              {t(`filters.${key}`)}
            </Typography>
            <FormGroup>
              {options.map((option) => (
                <FormControlLabel
                  key={option.value}
                  control={
                    <Checkbox
                      size="small"
                      checked={search[key]?.includes(option.value) ?? false}
                      onChange={() => onChange(toggleFacet(search, key, option.value))}
                    />
                  }
                  label={t('filters.optionWithCount', { label: option.label, count: option.count })}
                />
              ))}
            </FormGroup>
          </Box>
        );
      })}
      <Box component="form" noValidate onSubmit={applyPay}>
        <Stack spacing={1}>
          <TextField
            size="small"
            label={t('filters.payMin')}
            value={payMin}
            onChange={(e) => setPayMin(e.target.value.replace(/[^\d]/g, ''))}
            error={Boolean(payError)}
            helperText={payError ?? t('filters.payMinHint', { hours: formatNumber(periodsPerYear.hour, i18n.language), days: formatNumber(periodsPerYear.day, i18n.language) })}
            slotProps={{
              htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' },
              input: site ? { startAdornment: <InputAdornment position="start">{currencySymbol(site.currency, i18n.language)}</InputAdornment> } : undefined,
            }}
          />
          <Button type="submit" variant="outlined" size="small" sx={{ alignSelf: 'flex-start' }}>
            {t('filters.applyPay')}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
