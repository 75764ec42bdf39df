import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from './use-bulk-jobs';

const COLOR: Partial<Record<BulkAction, 'primary' | 'warning' | 'error' | 'success'>> = {
  expire: 'warning',
  delete: 'error',
  approve: 'success',
  reject: 'error',
};

/** Shown while rows are selected: how many, the actions the user may take on them, and a way to clear. */
export function BulkActionsBar(props: {
  count: number;
  actions: readonly BulkAction[];
  busy: boolean;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('jobs');
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
