import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OutboxStatus } from '@hireline/contract/enums';

const colors: Record<OutboxStatus, ChipProps['color']> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

export function MailStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('mail');
  const known = status in colors ? (status as OutboxStatus) : null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={known ? colors[known] : 'default'}
      label={known ? t(`status.${known}`) : status}
    />
  );
}

/** Dates in the reader's language and time zone; the API sends ISO 8601 UTC. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
