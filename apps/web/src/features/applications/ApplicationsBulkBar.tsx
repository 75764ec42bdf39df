import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ApplicationBulkAction } from './use-bulk-applications';

const COLOR: Partial<Record<ApplicationBulkAction, 'warning' | 'error'>> = { disable: 'warning', delete: 'error' };

/**
 * Shown while rows are selected: how many, the actions the user may take on them, and a way to clear. The jobs
 * list's BulkActionsBar, with the applications' actions and words (it is typed to the jobs' actions).
 */
export function ApplicationsBulkBar(props: {
  count: number;
  actions: readonly ApplicationBulkAction[];
  busy: boolean;
  onAction: (action: ApplicationBulkAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('applications');
  if (props.count === 0) return null;
  return (
    <Box
      role="region"
      aria-label={t('bulk.label')}
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
      })}
    >
      <Typography aria-live="polite" sx={{ fontWeight: 600, marginInlineEnd: 'auto' }}>
        {t('bulk.selected', { count: props.count })}
      </Typography>
      {props.actions.map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          color={COLOR[action] ?? 'primary'}
          disabled={props.busy}
          onClick={() => props.onAction(action)}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
      <Button size="small" onClick={props.onClear} disabled={props.busy}>
        {t('bulk.clear')}
      </Button>
    </Box>
  );
}
