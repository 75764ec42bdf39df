import Chip, { type ChipProps } from '@mui/material/Chip';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import { useTranslation } from 'react-i18next';
import type { JobStatus } from '@hireline/contract/enums';
import { STATUS_COLOR } from './job-format';

/** A job's status in its colour; drafts are outlined so they read as "not out yet". */
export function JobStatusChip({ status, size = 'small' }: { status: JobStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation('jobs');
  return (
    <Chip
      size={size}
      color={STATUS_COLOR[status]}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      label={t(`status.${status}`)}
    />
  );
}

/** DESIGN §5: the flagged marker, shown while a job has open reports; the count is part of the text. */
export function FlaggedMarker({ reports }: { reports: number }) {
  const { t } = useTranslation('jobs');
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      icon={<FlagOutlined />}
      label={reports > 0 ? t('list.flaggedCount', { count: reports }) : t('list.flagged')}
    />
  );
}
