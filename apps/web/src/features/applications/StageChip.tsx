import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { useStages } from './use-stages';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The stage's colour when it is one MUI can compute a contrast for (a site may have saved anything). */
export const stageColor = (color: string | undefined) => (color && HEX.test(color) ? color : undefined);

/**
 * Fill in the stage colour with the text colour the theme picks for it: the theme's contrast threshold is 4.5
 * (WCAG AA), so a light stage colour gets dark text instead of unreadable white.
 */
export const stageFill = (color: string | undefined) => (theme: Theme) => {
  const fill = stageColor(color);
  return fill ? { bgcolor: fill, color: theme.palette.getContrastText(fill) } : {};
};

/** An application's status in its stage's colour and with the site's label for it. */
export function StageChip({ status, size = 'small' }: { status: ApplicationStatus; size?: ChipProps['size'] }) {
  const stages = useStages();
  return <Chip size={size} label={stages.label(status)} sx={stageFill(stages.stage(status)?.color)} />;
}
