import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** One titled section of a detail page: a card labelled by its h2. */
export function SectionCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography id={id} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export type Field = [label: string, value: ReactNode];

/** Label/value pairs as a description list; an empty value says "Not set" rather than leaving a hole. */
export function FieldList({ fields }: { fields: Field[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 2fr' }, columnGap: 2, rowGap: 1 }}
    >
      {fields.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? (
              // text.secondary, not text.disabled: this is text to read (disabled grey is under 4.5:1).
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('notSet')}
              </Box>
            ) : (
              value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
