import type { BoardJobDetail, BoardJobSummary, payPeriods } from '@hireline/contract/board';
import { signedFileUrl } from '../../platform/files';
import { sanitizeDescription } from '../../platform/rich-text';
import type { BoardJobRow, BoardSummaryRow } from './board-jobs.repo';
import type { boardKinds } from './board.repo';
import { jobPostingLd } from './board-json-ld';

/* Rows → the board's shapes. Only named fields leave; timestamps as ISO 8601 UTC. */

type Kind = (typeof boardKinds)[number];
export type PayPeriod = (typeof payPeriods)[number];

/** Labels of the site's options by kind and value. */
export class Labels {
  private readonly map = new Map<string, string>();
  constructor(options: Array<{ kind: string; value: string; label: string }>) {
    for (const o of options) this.map.set(`${o.kind}:${o.value}`, o.label);
  }
  /** An advert's value with its label; a value the site no longer lists shows as itself. */
  option(kind: Kind, value: string | null) {
    return value === null || value === '' ? null : { value, label: this.map.get(`${kind}:${value}`) ?? value };
  }
}

/**
 * What one amount of a pay type pays for, read from its value and label (`hourly`, `Daily rate`, `annual`…): pay
 * types are the site's own list, so a custom one is understood by its words. Null when they say nothing of time.
 */
export function payPeriodOf(type: { value: string; label: string } | null): PayPeriod | null {
  if (!type) return null;
  const words = `${type.value} ${type.label}`.toLowerCase();
  if (/hour/.test(words)) return 'hour';
  if (/\bday|daily/.test(words)) return 'day';
  if (/week/.test(words)) return 'week';
  if (/month/.test(words)) return 'month';
  if (/annu|year|salary/.test(words)) return 'year';
  return null;
}

type PayRow = Pick<BoardSummaryRow, 'payType' | 'payMinCents' | 'payMaxCents' | 'currency'>;

/** The advertised pay range; an advert without one shows no pay. */
export function payOf(row: PayRow, labels: Labels): BoardJobSummary['pay'] {
  if (row.payMinCents === null && row.payMaxCents === null) return null;
  const type = labels.option('pay_type', row.payType);
  return { min_cents: row.payMinCents, max_cents: row.payMaxCents, currency: row.currency, type, period: payPeriodOf(type) };
}

const SUMMARY_CHARS = 200;

/**
 * The opening of the plain text: its first paragraph, and the sentences after it while they fit; the first one cut at
 * a word when it is too long. Paragraphs are the lines of the stored text (the description's blocks); one that does
 * not end a sentence is a heading or a list item, where the summary stops rather than run into it.
 */
export function summaryOf(text: string): string {
  const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
  let summary = lines[0] ?? '';
  for (const line of lines.slice(1)) {
    if (!/[.!?…]$/.test(line) || summary.length + 1 + line.length > SUMMARY_CHARS) break;
    summary += ` ${line}`;
  }
  if (summary.length <= SUMMARY_CHARS) return summary;
  const cut = summary.slice(0, SUMMARY_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** A week, rounded to the hour by signedFileUrl: the same logo keeps one URL that browsers and crawlers can cache. */
const PUBLIC_FILE_TTL_MS = 7 * 24 * 3_600_000;

export interface PresentContext {
  labels: Labels;
  appSecret: string;
}

export const fileUrl = (appSecret: string, fileId: string | null) => (fileId ? signedFileUrl(appSecret, fileId, PUBLIC_FILE_TTL_MS) : null);

export function presentSummary(row: BoardSummaryRow, c: PresentContext): BoardJobSummary {
  return {
    id: row.id,
    title: row.title,
    employer: { name: row.employerName, logo_url: fileUrl(c.appSecret, row.employerLogoFileId) },
    location: row.location,
    work_type: c.labels.option('work_type', row.workType),
    classification: c.labels.option('classification', row.classification),
    pay: payOf(row, c.labels),
    summary: summaryOf(row.descriptionStart),
    key_selling_points: row.keySellingPoints,
    featured: row.featured,
    published_at: row.publishedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

export interface DetailContext extends PresentContext {
  site: { name: string; locale: string | null };
  /** `scheme://host` of the board, for the JSON-LD's absolute URLs. */
  origin: string;
}

type Question = {
  id: string;
  label: string;
  type: BoardJobDetail['screening_questions'][number]['type'];
  options: string[];
  required: boolean;
};

export function presentDetail(row: BoardJobRow, questions: Question[], c: DetailContext): BoardJobDetail {
  const summary = presentSummary(row, c);
  // Sanitised on every write already (ADR 007); sanitised again because this is the HTML a public page renders.
  const description = sanitizeDescription(row.description);
  const logo = summary.employer.logo_url;
  const detail: Omit<BoardJobDetail, 'json_ld'> = {
    ...summary,
    reference_number: row.referenceNumber,
    description,
    banner_url: fileUrl(c.appSecret, row.bannerFileId),
    employer: { name: row.employerName, logo_url: logo, website: row.employerWebsite },
    links: row.links.map((l) => ({ label: l.label, url: l.url })),
    apply: {
      type: row.applyType,
      url: row.applyType === 'url' ? row.applicationUrl : null,
      email: row.applyType === 'email' ? (row.applicationEmails[0] ?? null) : null,
    },
    screening_questions: questions.map((q) => ({ id: q.id, question: q.label, type: q.type, options: q.options, required: q.required })),
  };
  return { ...detail, json_ld: jobPostingLd(detail, row, c) };
}
