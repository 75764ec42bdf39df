import type { ChipProps } from '@mui/material/Chip';
import type { CandidateStatus } from '@hireline/contract/board-candidates';
import i18n from '../../lib/i18n';

/*
 * What a candidate sees of an application's progress: the API folds the site's ten staff statuses into five, and
 * each gets a plain, kind label (never "rejected") and a colour that is not the only cue (the label is always shown).
 */

const colors: Record<CandidateStatus, ChipProps['color']> = {
  received: 'info',
  in_progress: 'primary',
  offered: 'success',
  unsuccessful: 'default',
  withdrawn: 'default',
};

export function statusColor(status: CandidateStatus): ChipProps['color'] {
  return colors[status] ?? 'default';
}

export function statusLabel(status: CandidateStatus, language = i18n.language): string {
  return i18n.t(`status.${status}`, { lng: language });
}
