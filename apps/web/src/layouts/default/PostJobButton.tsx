import Tooltip from '@mui/material/Tooltip';
import { darken } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { ButtonLink, IconButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useSelectedSlugs } from '../../lib/current-user';

/** "Post a job" for whoever may create jobs in the selected site; icon-only when the bar is narrow. */
export function PostJobButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const allowed = useCan('create', 'jobs');
  const { account, site } = useSelectedSlugs();
  if (!allowed || !account || !site) return null;
  const params = { account, site };
  return compact ? (
    <Tooltip title={t('postJob')}>
      <IconButtonLink
        to="/$account/$site/jobs/create"
        params={params}
        aria-label={t('postJob')}
        sx={(theme) => ({
          bgcolor: theme.palette.brand.fill,
          color: theme.palette.primary.contrastText,
          '&:hover': { bgcolor: darken(theme.palette.brand.fill, 0.12) },
        })}
      >
        <Add />
      </IconButtonLink>
    </Tooltip>
  ) : (
    <ButtonLink
      to="/$account/$site/jobs/create"
      params={params}
      variant="contained"
      startIcon={<Add />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('postJob')}
    </ButtonLink>
  );
}
