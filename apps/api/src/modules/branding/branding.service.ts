import { brandingDefaults, type Branding } from '@hireline/contract/branding';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { signedFileUrl } from '../../platform/files';
import { findBrandingByDomain, type BrandingRow } from './branding.repo';

const TTL_MS = 30_000;
/** Hosts come from the Host header, which anyone may set: the cache starts over past this many rather than grow. */
const MAX_CACHED = 1000;

/** `host:port` or `HOST` → `host`: browsers send what the user typed. */
export function normaliseDomain(domain: string) {
  return domain.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

type Assets = { logo?: string | null; favicon?: string | null; stylesheet?: { path?: string | null } | null };

/**
 * Branding per host, cached per process. Changes call `invalidate()`; other
 * processes see them within the TTL.
 */
export function brandingService(deps: { db: Db; config: Config }) {
  const cache = new Map<string, { value: Branding | null; at: number }>();

  // Uploaded assets are stored as `file:<id>` and served through signed URLs.
  const asset = (value: string | null | undefined) =>
    !value ? null : value.startsWith('file:') ? signedFileUrl(deps.config.appSecret, value.slice(5), 7 * 24 * 3_600_000) : value;

  function present(row: BrandingRow): Branding {
    const account = (row.accountBranding ?? {}) as Record<string, unknown> & Assets;
    const site = (row.siteBranding ?? {}) as Record<string, unknown> & Assets;
    const colors = { ...(account.colors as object), ...(site.colors as object) } as Partial<Branding['branding']['colors']>;
    const section = (key: 'login' | 'forgot_password' | 'register') =>
      ({ ...((account[key] as object) ?? {}), ...((site[key] as object) ?? {}) }) as Record<string, unknown>;
    return {
      id: row.accountId,
      name: row.siteName ?? row.accountName,
      title: row.siteName ? `${row.siteName} · ${row.accountTitle ?? row.accountName}` : (row.accountTitle ?? row.accountName),
      branding: {
        colors: {
          primary_color: colors.primary_color ?? brandingDefaults.primary_color,
          primary_darken_color: colors.primary_darken_color ?? brandingDefaults.primary_darken_color,
        },
        stylesheet: { path: asset(site.stylesheet?.path ?? account.stylesheet?.path) },
        favicon: asset(site.favicon ?? account.favicon),
        logo: asset(site.logo ?? account.logo),
        login: section('login'),
        forgot_password: section('forgot_password'),
        register: section('register'),
      },
      settings: {
        is_board: row.siteId !== null,
        account_id: row.accountId,
        site_id: row.siteId,
        locale: row.locale ?? 'en-US',
        multi_language: false,
      },
      logo_square: asset(row.logoSquare),
    };
  }

  async function byDomain(enterpriseId: string, domain: string): Promise<Branding> {
    const key = `${enterpriseId}:${normaliseDomain(domain)}`;
    const hit = cache.get(key);
    let value: Branding | null;
    if (hit && Date.now() - hit.at < TTL_MS) value = hit.value;
    else {
      const row = await findBrandingByDomain(deps.db, enterpriseId, normaliseDomain(domain));
      value = row ? present(row) : null;
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(key, { value, at: Date.now() });
    }
    if (!value) throw notFound();
    return value;
  }

  return {
    byDomain,
    /**
     * The origin of the stylesheet this host's brand loads from elsewhere, for the host's CSP `style-src`; null when
     * the host has no brand or its stylesheet is served by the API itself (same origin).
     */
    async stylesheetOrigin(enterpriseId: string, domain: string): Promise<string | null> {
      const brand = await byDomain(enterpriseId, domain).catch(() => null);
      const path = brand?.branding.stylesheet.path;
      if (!path || !/^https?:\/\//i.test(path)) return null;
      try {
        return new URL(path).origin;
      } catch {
        return null;
      }
    },
    invalidate() {
      cache.clear();
    },
  };
}
export type BrandingService = ReturnType<typeof brandingService>;
