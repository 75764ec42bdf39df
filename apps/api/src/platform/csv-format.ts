import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sites } from '../db/schema/tenancy';
import { defaultCsvFormat, type CsvFormat } from './csv';
import { csvLangOf } from './csv-labels';

/** A zone the runtime knows; a stored one it does not (typed by hand, since removed) falls back to UTC rather than failing the export. */
function knownZone(zone: string | undefined): string {
  if (!zone) return defaultCsvFormat.timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return defaultCsvFormat.timeZone;
  }
}

/** How a site's exports write times and labels: its time zone and language; UTC and English outside a site. */
export async function csvFormatOf(db: DbOrTx, siteId: string | null | undefined): Promise<CsvFormat> {
  if (!siteId) return defaultCsvFormat;
  const [row] = await db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId)).limit(1);
  if (!row) return defaultCsvFormat;
  return { timeZone: knownZone(row.settings?.timezone), lang: csvLangOf(row.settings?.locale) };
}
