import type { ChipProps } from '@mui/material/Chip';
import type { JobStatus } from '@hireline/contract/enums';

/** Each status its own colour, the same in the list, the detail and the timeline. */
export const STATUS_COLOR: Record<JobStatus, NonNullable<ChipProps['color']>> = {
  draft: 'default',
  pending: 'warning',
  live: 'success',
  unlisted: 'info',
  expired: 'secondary',
  rejected: 'error',
};

/** Money is stored in integer cents (DESIGN §4): shown in the job's currency, without cents when whole. */
export function formatMoney(cents: number, currency: string, language: string): string {
  const amount = cents / 100;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number with the code beside it.
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** "€30,000 – €40,000", "from €30,000", "up to €40,000", or null when neither end is set. */
export function formatMoneyRange(
  min: number | null,
  max: number | null,
  currency: string,
  language: string,
  words: { from: (v: string) => string; upTo: (v: string) => string },
): string | null {
  if (min != null && max != null)
    return min === max
      ? formatMoney(min, currency, language)
      : `${formatMoney(min, currency, language)} – ${formatMoney(max, currency, language)}`;
  if (min != null) return words.from(formatMoney(min, currency, language));
  if (max != null) return words.upTo(formatMoney(max, currency, language));
  return null;
}
