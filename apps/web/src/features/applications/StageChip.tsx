import Chip, { type ChipProps } from '@mui/material/Chip';
import { getContrastRatio } from '@mui/material/styles';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { useStages } from './use-stages';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The stage's colour when it is one MUI can compute a contrast for (a site may have saved anything). */
export const stageColor = (color: string | undefined) => (color && HEX.test(color) ? color : undefined);

/**
 * Fill in the stage colour with white or black text, whichever reaches 4.5:1 (WCAG AA) on it. One always does; the
 * theme's own contrast text is a translucent black that falls short on mid-tone colours like the default violet.
 */
export const stageFill = (color: string | undefined) => {
  const fill = stageColor(color);
  return fill ? { bgcolor: fill, color: getContrastRatio(fill, '#fff') >= 4.5 ? '#fff' : '#000' } : {};
};

/** An application's status in its stage's colour and with the site's label for it. */
export function StageChip({ status, size = 'small' }: { status: ApplicationStatus; size?: ChipProps['size'] }) {
  const stages = useStages();
  return <Chip size={size} label={stages.label(status)} sx={stageFill(stages.stage(status)?.color)} />;
}
