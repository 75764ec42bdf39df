/*
 * Helpers the notifications bell (layouts) and the notifications page (features) share; layouts may not import
 * features, so they live here.
 */

/** How often the bell asks for new notifications while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 30_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** "5 minutes ago", "yesterday", "il y a 3 jours"… in the reader's language; under a minute is "now". */
export function formatRelativeTime(iso: string, language: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const diff = time - now;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit);
  return format.format(0, 'second');
}

/** The full date and time, for a tooltip beside the relative one. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * The link when it is a path inside the portal (followed in the app); null for anything else, so a stored link can
 * never send the reader to another site (`//evil.test`, `https:…`, `javascript:…`).
 */
export function portalPath(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
