import ArrowBack from '@mui/icons-material/ArrowBack';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** A "back" arrow that points the reading direction's way back (right in Arabic). */
export function BackIcon(props: SvgIconProps) {
  return <ArrowBack {...props} sx={[(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })]} />;
}
