import type { FastifyReply, FastifyRequest } from 'fastify';
import { brandingDefaults } from '@hireline/contract/branding';
import { withTenants } from '../../db/tenant-context';
import type { AppDeps } from '../../deps';
import { normaliseHost } from '../../platform/host';
import { escapeAttr } from '../../platform/web';
import { findOfflineBoardSite } from './board.repo';

/*
 * The page a board's host answers while the board is not served (its site or account disabled, or the board turned
 * off): a 503 that says so in the site's name, colours and language, rather than the staff portal's sign-in page.
 * Crawlers are told to come back later (Retry-After) and not to index it, so the board's job pages are not dropped for
 * good nor replaced by this page. Plain server-rendered HTML: the board app has no data to show here.
 */

const RETRY_AFTER_SECONDS = 3600;

const texts = {
  en: { title: 'This job board is offline', body: 'Please come back later.' },
  fr: { title: 'Ce site d’emploi est hors ligne', body: 'Merci de revenir plus tard.' },
  ar: { title: 'موقع الوظائف هذا غير متاح حاليًا', body: 'يرجى العودة لاحقًا.' },
} as const;

const HEX = /^#[0-9a-f]{3,8}$/i;

type Colors = { colors?: { primary_color?: unknown; primary_darken_color?: unknown } } | null;

/** The site's colour over the account's, and only a colour: the value goes into a style sheet. */
function colourOf(site: unknown, account: unknown, key: 'primary_color' | 'primary_darken_color'): string {
  for (const b of [site as Colors, account as Colors]) {
    const v = b?.colors?.[key];
    if (typeof v === 'string' && HEX.test(v)) return v;
  }
  return brandingDefaults[key];
}

export function offlinePage(site: { name: string; locale: string | null; siteBranding: unknown; accountBranding: unknown }): string {
  const lang = (site.locale ?? 'en').slice(0, 2).toLowerCase();
  const t = texts[lang as keyof typeof texts] ?? texts.en;
  const htmlLang = lang in texts ? lang : 'en';
  const primary = colourOf(site.siteBranding, site.accountBranding, 'primary_color');
  const darker = colourOf(site.siteBranding, site.accountBranding, 'primary_darken_color');
  const name = escapeAttr(site.name);
  return `<!doctype html>
<html lang="${htmlLang}" dir="${htmlLang === 'ar' ? 'rtl' : 'ltr'}">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <meta name="robots" content="noindex" />
  <title>${escapeAttr(t.title)} · ${name}</title>
  <style>
    body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; font-family: system-ui, sans-serif; background: #f8f7fa; color: #2f2b3d; }
    main { max-width: 32rem; padding: 2.5rem; text-align: center; border-top: 6px solid ${primary}; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
    .site { color: ${darker}; font-weight: 600; letter-spacing: .02em; margin: 0 0 1rem; }
    h1 { color: ${primary}; font-size: 1.6rem; margin: 0 0 .75rem; }
  </style>
</head>
<body>
  <main>
    <p class="site">${name}</p>
    <h1>${escapeAttr(t.title)}</h1>
    <p>${escapeAttr(t.body)}</p>
  </main>
</body>
</html>
`;
}

/** Answers the offline page when the request's host is a board that is not served; false otherwise. */
export async function answerOfflineBoard(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const enterprise = await deps.resolveEnterprise(deps.config.enterpriseKey).catch(() => null);
  if (!enterprise || !req.host) return false;
  // Which site a host is, is public: looked up past any tenant, like the board itself (board-host.service.ts).
  const site = await withTenants('*', async () => await findOfflineBoardSite(deps.db, enterprise.id, normaliseHost(req.host)));
  if (!site) return false;
  reply
    .code(503)
    .header('content-type', 'text/html; charset=utf-8')
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('x-robots-tag', 'noindex')
    .header('cache-control', 'no-store')
    .send(offlinePage(site));
  return true;
}
