import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, JobStatus } from '@hireline/contract/enums';

// Theme tones only: the theme keeps filled and outlined chips in these colours at 4.5:1 (lib/theme.ts).
const JOB_COLOR: Record<JobStatus, NonNullable<ChipProps['color']>> = {
  draft: 'default',
  pending: 'warning',
  live: 'success',
  unlisted: 'info',
  expired: 'default',
  rejected: 'error',
};

/** A job's status in its colour; drafts are outlined so they read as "not out yet". */
export function JobStatusChip({ status }: { status: JobStatus }) {
  const { t } = useTranslation('consultants');
  return <Chip size="small" color={JOB_COLOR[status]} variant={status === 'draft' ? 'outlined' : 'filled'} label={t(`jobStatus.${status}`)} />;
}

/** An application's status, outlined. */
export function ApplicationStatusChip({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('consultants');
  return <Chip size="small" variant="outlined" label={t(`applicationStatus.${status}`)} />;
}
