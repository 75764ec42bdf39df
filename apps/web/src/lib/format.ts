/*
 * Dates and numbers as every screen shows them, in the reader's language. The API sends dates as ISO 8601 UTC; an
 * absent or unreadable one shows as '' rather than "Invalid Date".
 */

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day: "Jan 10, 2025". */
export function formatDate(iso: string | null | undefined, language: string): string {
  const date = valid(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date) : '';
}

/** A day and time: "Jan 10, 2025, 9:05 AM". */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  const date = valid(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
}

/** A count with the language's grouping: "1,234". */
export const formatNumber = (n: number, language: string) => new Intl.NumberFormat(language).format(n);
