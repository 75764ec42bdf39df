import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';

const tint = (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08);

export type BulkColor = 'primary' | 'success' | 'warning' | 'error';

/** Shown while rows are selected: how many, the actions the user may take on them, and a way to clear; sticky. */
export function BulkActionsBar<A extends string>(props: {
  count: number;
  actions: readonly A[];
  busy: boolean;
  onAction: (action: A) => void;
  onClear: () => void;
  /** The region's name, "3 jobs selected", the clear button and each action's button. */
  labels: { region: string; selected: string; clear: string; action: (action: A) => string };
  /** Actions that warn or destroy stand out; the others are primary. */
  colors?: Partial<Record<A, BulkColor>>;
}) {
  if (props.count === 0) return null;
  return (
    <Box
      role="region"
      aria-label={props.labels.region}
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        // Opaque (the tint over the paper), since rows scroll beneath it.
        bgcolor: 'background.paper',
        backgroundImage: `linear-gradient(${tint(theme)}, ${tint(theme)})`,
        // Stays in sight under the app bar while the rows it acts on scroll by (ListCard clips without scrolling).
        position: 'sticky',
        top: 'var(--app-bar-bottom, 0px)',
        zIndex: theme.zIndex.appBar - 1,
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Typography aria-live="polite" sx={{ fontWeight: 600, marginInlineEnd: 'auto' }}>
        {props.labels.selected}
      </Typography>
      {props.actions.map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          color={props.colors?.[action] ?? 'primary'}
          disabled={props.busy}
          onClick={() => props.onAction(action)}
        >
          {props.labels.action(action)}
        </Button>
      ))}
      <Button size="small" onClick={props.onClear} disabled={props.busy}>
        {props.labels.clear}
      </Button>
    </Box>
  );
}
