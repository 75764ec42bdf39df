import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../platform/errors';
import { countRequest, findBoard, type Board } from './board-host.service';
import { employmentTypeOf, placeOf } from './board-json-ld';
import { feedJobs, sitemapJobs, type FeedCursor, type FeedJobRow } from './board-jobs.repo';
import { Labels, payOf, type PayPeriod } from './board-present';
import { optionsOf } from './board.repo';
import { cdata, cdataElement, escapeXml } from './board-xml';

/* The board's crawler-facing files: the job feed, the sitemap and robots.txt, for the board of the Host header. */

/**
 * Rows read per query while the feed is written. Indeed refuses a feed that leaves live adverts out, so it lists every
 * one, streamed a page at a time: memory stays the same whatever the board's size.
 */
export const FEED_PAGE_SIZE = 500;
/** The sitemap protocol's limit is 50,000 URLs per file; one is the board's home. */
export const SITEMAP_MAX_JOBS = 49_999;

/**
 * The board of the request's host, or null. Crawlers send no `X-AF-EID`, so the deployment's own enterprise is the
 * one; a deployment whose enterprise does not exist yet has no boards either.
 */
export async function boardOfHost(deps: AppDeps, req: FastifyRequest): Promise<Board | null> {
  try {
    const enterprise = await deps.resolveEnterprise(deps.config.enterpriseKey);
    return await findBoard(deps, req, enterprise.id);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 400) return null;
    throw err;
  }
}

/** Feeds and the sitemap: counted against the caller's budget, 404 on a host that is no board. */
export async function requireBoard(deps: AppDeps, req: FastifyRequest): Promise<Board> {
  await countRequest(deps, req);
  const board = await boardOfHost(deps, req);
  if (!board) throw notFound();
  return board;
}

const jobUrl = (origin: string, id: string) => `${origin}/jobs/${id}`;

/** `$50,000 - $60,000 per year` in the board's locale; empty when the advert shows no pay. */
export function salaryText(row: FeedJobRow, labels: Labels, locale: string): string {
  const pay = payOf(row, labels);
  if (!pay) return '';
  const { min_cents: min, max_cents: max } = pay;
  // Whole amounts without decimals, unless either end has cents: `$50,000`, `A$40.00 - A$52.50`.
  const digits = (min ?? 0) % 100 || (max ?? 0) % 100 ? 2 : 0;
  const money = (c: number) => {
    const options = { style: 'currency', currency: pay.currency, minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
    try {
      return new Intl.NumberFormat(locale, options).format(c / 100);
    } catch {
      return new Intl.NumberFormat('en-US', options).format(c / 100);
    }
  };
  const range =
    min !== null && max !== null
      ? min === max
        ? money(min)
        : `${money(min)} - ${money(max)}`
      : min !== null
        ? `From ${money(min)}`
        : `Up to ${money(max!)}`;
  const per: Record<PayPeriod, string> = { hour: 'per hour', day: 'per day', week: 'per week', month: 'per month', year: 'per year' };
  return pay.period ? `${range} ${per[pay.period]}` : range;
}

/** Indeed's job types; Google's others have no equivalent there and are sent as the site's own label. */
const indeedTypes: Record<string, string> = {
  FULL_TIME: 'fulltime',
  PART_TIME: 'parttime',
  CONTRACTOR: 'contract',
  TEMPORARY: 'temporary',
  INTERN: 'internship',
};

/** The employer's postcode, for an advert in the employer's own town (else it would place the job wrongly). */
function postalCodeOf(row: FeedJobRow, city: string | null): string | null {
  if (!row.employerPostcode || !city || !row.employerCity) return null;
  return city.trim().toLowerCase() === row.employerCity.trim().toLowerCase() ? row.employerPostcode : null;
}

function jobElement(row: FeedJobRow, board: Board, labels: Labels): string {
  const locale = board.site.locale ?? 'en-US';
  const place = placeOf(row.location, row.employerCountry, board.site.locale);
  const workType = labels.option('work_type', row.workType);
  const google = employmentTypeOf(workType);
  const fields: Array<[string, string | null]> = [
    ['title', row.title],
    ['date', row.publishedAt.toUTCString()],
    ['referencenumber', row.id],
    // Required by Indeed: the employer's own reference, which staff may set; the advert's id otherwise.
    ['requisitionid', row.referenceNumber?.trim() || row.id],
    ['url', jobUrl(board.origin, row.id)],
    ['company', row.employerName],
    ['city', place.city],
    ['state', place.region],
    ['country', place.country],
    ['postalcode', postalCodeOf(row, place.city)],
    ['description', row.description],
    ['salary', salaryText(row, labels, locale)],
    ['jobtype', google ? (indeedTypes[google] ?? workType!.label.toLowerCase()) : null],
    ['category', labels.option('classification', row.classification)?.label ?? null],
    ['expirationdate', row.expiresAt?.toUTCString() ?? null],
    ['remotetype', place.remote ? 'Fully remote' : null],
  ];
  return `<job>\n${fields.map(([name, text]) => `  ${cdataElement(name, text)}`).join('\n')}\n</job>`;
}

/**
 * Every live advert of the board, newest first, in the Indeed-style XML most aggregators read (docs/board-feeds.md),
 * as pieces of text to stream: one page of rows is read at a time.
 */
export async function* jobFeed(deps: AppDeps, board: Board): AsyncGenerator<string> {
  const now = new Date();
  const labels = new Labels(await optionsOf(deps.db, board.site));
  yield [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<source>',
    `<publisher>${cdata(board.site.name)}</publisher>`,
    `<publisherurl>${cdata(`${board.origin}/`)}</publisherurl>`,
    `<lastBuildDate>${cdata(now.toUTCString())}</lastBuildDate>`,
    '',
  ].join('\n');
  let cursor: FeedCursor | null = null;
  for (;;) {
    const rows = await feedJobs(deps.db, board.site.id, now, cursor, FEED_PAGE_SIZE);
    if (rows.length) yield `${rows.map((r) => jobElement(r, board, labels)).join('\n')}\n`;
    if (rows.length < FEED_PAGE_SIZE) break;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
  yield '</source>\n';
}

/** The board's home and every live advert's page. */
export async function sitemap(deps: AppDeps, board: Board): Promise<string> {
  const rows = await sitemapJobs(deps.db, board.site.id, new Date(), SITEMAP_MAX_JOBS);
  const url = (loc: string, lastmod?: Date) =>
    `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(`${board.origin}/`),
    ...rows.map((r) => url(jobUrl(board.origin, r.id), r.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * A board invites crawlers and names its sitemap. Every other host is the staff portal, which no search engine should
 * index. The board's API under /portal stays allowed: a crawler that renders the board's pages must fetch it.
 */
export function robotsTxt(board: Board | null): string {
  if (!board) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${board.origin}/sitemap.xml\n`;
}
