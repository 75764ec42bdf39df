import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useTranslation } from 'react-i18next';
import { pickEmployers } from '@hireline/contract/lookups';
import { LookupAutocomplete } from '../../components/list/LookupAutocomplete';
import { useCan } from '../../lib/ability';
import { useCurrentUser } from '../../lib/current-user';
import { canChooseEmployer } from '../../lib/scope';
import { session, useSession } from '../../lib/session';

/**
 * The employer pages show the employer the user acts for (X-AF-EMPID). With none selected there is nothing to show:
 * say so, and let staff who may act for any employer of the site choose one here (the selection is the session's,
 * so every scoped page then acts for it).
 */
export function NoEmployerSelected() {
  const { t } = useTranslation('employers');
  const user = useCurrentUser();
  const { scope } = useSession();
  // The employer lookup is the job pickers' one: it needs to see jobs.
  const canLookUp = useCan('view', 'jobs');
  const canChoose = !!user && canChooseEmployer(user, scope) && canLookUp;
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: { xs: 5, sm: 7 }, px: 3, display: 'grid', justifyItems: 'center', gap: 1.5 }}>
        <StorefrontOutlined color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="h2">
          {t('selected.noneTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {canChoose ? t('selected.noneHint') : t('selected.noneAskHint')}
        </Typography>
        {canChoose && (
          <Box sx={{ width: { xs: '100%', sm: 360 }, mt: 1 }}>
            <LookupAutocomplete
              endpoint={pickEmployers}
              label={t('selected.choose')}
              value={undefined}
              onChange={(employerId) => employerId && session.setScope({ ...session.get().scope, employerId })}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
