import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/RouterLink';
import type { WizardStep } from './job-wizard.search';
import type { SitePathParams } from './JobWizard';
import { requestHeadingFocus } from './wizard-context';

/** One step's answers on the overview, with a link back to that step. */
export function ReviewSection(props: {
  step: WizardStep;
  jobId: string;
  params: SitePathParams;
  rows: [label: string, value: ReactNode][];
  children?: ReactNode;
}) {
  const { t } = useTranslation('jobs');
  const title = t(`wizard.steps.${props.step}`);
  const headingId = `review-${props.step}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ borderTop: 1, borderColor: 'divider', pt: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <Typography id={headingId} component="h3" variant="h6" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <ButtonLink
          to="/$account/$site/jobs/edit"
          params={props.params}
          search={{ id: props.jobId, step: props.step }}
          startIcon={<Edit />}
          size="small"
          aria-label={t('wizard.overview.editStep', { step: title })}
          onClick={() => requestHeadingFocus()}
        >
          {t('wizard.overview.edit')}
        </ButtonLink>
      </Box>
      {props.rows.length > 0 && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 220px) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
          {props.rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {props.children}
    </Box>
  );
}
