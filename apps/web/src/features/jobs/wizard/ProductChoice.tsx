import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import type { listProducts } from '@hireline/contract/lookups';
import { formatMoney } from './review-format';

type Product = ResponseOf<typeof listProducts>[number];

/** The site's job products as radio cards: name, what it includes, how long it runs, featured, price; one credit each. */
export function ProductChoice(props: {
  products: Product[];
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation('jobs');
  return (
    <FormControl error={Boolean(props.error)} fullWidth>
      <FormLabel id="job-product-label" sx={{ mb: 1.5 }}>
        {t('wizard.payment.product')}
      </FormLabel>
      <RadioGroup
        aria-labelledby="job-product-label"
        aria-describedby={props.error ? 'job-product-error' : undefined}
        name="product_id"
        value={props.value ?? ''}
        onChange={(_, id) => props.onChange(id)}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {props.products.map((p) => {
          const selected = p.id === props.value;
          const nameId = `product-${p.id}`;
          return (
            <Paper
              key={p.id}
              component="label"
              variant="outlined"
              sx={{
                display: 'flex',
                gap: 1,
                p: 2,
                cursor: 'pointer',
                borderColor: selected ? 'primary.main' : undefined,
                borderWidth: selected ? 2 : 1,
              }}
            >
              <Radio
                value={p.id}
                slotProps={{ input: { 'aria-labelledby': nameId, 'aria-describedby': `${nameId}-terms` } }}
                sx={{ mt: -0.75, marginInlineStart: -0.75 }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography id={nameId} sx={{ fontWeight: 600 }}>
                    {p.name}
                  </Typography>
                  {p.featured && <Chip label={t('wizard.payment.featured')} color="primary" size="small" />}
                </Box>
                {p.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {p.description}
                  </Typography>
                )}
                <Typography id={`${nameId}-terms`} variant="body2" sx={{ mt: 1 }}>
                  {t('wizard.payment.duration', { count: p.duration_days })} · {formatMoney(p.price_cents, p.currency, i18n.language)} ·{' '}
                  {t('wizard.payment.oneCredit')}
                </Typography>
              </Box>
            </Paper>
          );
        })}
      </RadioGroup>
      {props.error && <FormHelperText id="job-product-error">{props.error}</FormHelperText>}
    </FormControl>
  );
}
