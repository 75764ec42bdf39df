/** Money in integer cents (DESIGN §4) in the job's currency, without cents when whole. */
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
    return `${amount} ${currency}`;
  }
}

export function formatDay(iso: string | null | undefined, language: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(d);
}
