import { useSyncExternalStore } from 'react';
import type { Branding } from '@hireline/contract/branding';
import { endpointUrl, request } from './api-client';
import { takeEarlyBranding } from './early-requests';
import { brandingRoute } from './endpoint-routes';
import { setTitleBrand } from './page-title';
import { createStore } from './storage';

// Spec §8 defaults when branding cannot be fetched; spec §9 start-up colours when branding gives none.
export const DEFAULT_TITLE = 'Hireline';
export const DEFAULT_FAVICON = '/favicon.svg';
export const DEFAULT_STYLESHEET = '/loader.css';
export const DEFAULT_COLORS = { primary: '#7367F0', primaryDark: '#675DD8' } as const;

/**
 * Branding is bootstrap configuration rather than server state: it is needed before anything renders (theme,
 * title) and is fetched once per page load (spec §4), and again only when an admin changes it (`reloadBranding`),
 * so it lives in a module store, not the query cache (which is wiped on sign-out). `null` is the spec's "empty
 * default branding".
 */
const store = createStore<Branding | null>(null);
let pending: Promise<Branding | null> | null = null;

function setLink(id: string, rel: string, href: string) {
  let link = document.getElementById(id) as HTMLLinkElement | null;
  if (!link) {
    link = document.createElement('link');
    link.id = id;
    link.rel = rel;
    document.head.appendChild(link);
  }
  link.href = href;
}

export function applyBranding(branding: Branding | null) {
  // The brand part of every tab title; the page part stays as the shown page declared it (lib/page-title.ts).
  setTitleBrand(branding?.title || DEFAULT_TITLE);
  setLink('app-favicon', 'icon', branding?.branding.favicon || branding?.logo_square || DEFAULT_FAVICON);
  const stylesheet = branding?.branding.stylesheet.path;
  // The timestamp defeats caches so a tenant's stylesheet change shows on the next load (spec §7).
  setLink('app-stylesheet', 'stylesheet', stylesheet ? `${stylesheet}${stylesheet.includes('?') ? '&' : '?'}t=${Date.now()}` : DEFAULT_STYLESHEET);
}

/**
 * Fetches the branding of the current host once, or takes the answer to the request public/early.js sent for it;
 * never rejects (failures fall back silently for users).
 */
export function loadBranding(): Promise<Branding | null> {
  const query = { domain: window.location.hostname };
  pending ??= request(brandingRoute, { query, scoped: false, sent: takeEarlyBranding(endpointUrl(brandingRoute, { query })) })
    .then((branding) => branding, (error: unknown) => {
      console.error('Error fetching branding data:', error);
      return null;
    })
    .then((branding) => {
      store.set(branding);
      applyBranding(branding);
      return branding;
    });
  return pending;
}

/**
 * Fetches this host's branding again after it was changed (the account's branding settings), without reloading the
 * page: the store takes it, so the theme, logo and name re-render, and the title, favicon and stylesheet links are
 * set anew. Never rejects: when it cannot be fetched what is shown stays as it is, and null is returned.
 */
export async function reloadBranding(): Promise<Branding | null> {
  let branding: Branding;
  try {
    branding = await request(brandingRoute, { query: { domain: window.location.hostname }, scoped: false });
  } catch (error) {
    console.error('Error fetching branding data:', error);
    return null;
  }
  // Later loadBranding() calls answer the fresh branding too.
  pending = Promise.resolve(branding);
  store.set(branding);
  applyBranding(branding);
  return branding;
}

export const getBrandingSnapshot = store.get;

/** Forgets the branding as if the page had just loaded (tests: every file starts before the first load). */
export function resetBranding() {
  pending = null;
  store.set(null);
}

export function useBranding(): Branding | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** Theme colours; an invalid value would make MUI throw, so anything but #rrggbb falls back. */
export function brandColors(branding: Branding | null) {
  const colors = branding?.branding.colors;
  const primary = colors && HEX.test(colors.primary_color) ? colors.primary_color : DEFAULT_COLORS.primary;
  const primaryDark =
    colors && HEX.test(colors.primary_darken_color) ? colors.primary_darken_color : DEFAULT_COLORS.primaryDark;
  return { primary, primaryDark };
}

export function brandLogo(branding: Branding | null): string | null {
  return branding?.branding.logo || branding?.logo_square || null;
}

export function brandName(branding: Branding | null): string {
  return branding?.name || branding?.title || DEFAULT_TITLE;
}

/** A text of the login / forgot_password / register sections, which are free-form records in the contract. */
export function brandText(
  branding: Branding | null,
  section: 'login' | 'forgot_password' | 'register',
  key: string,
): string | undefined {
  const value = branding?.branding[section][key];
  return typeof value === 'string' && value.trim() ? value : undefined;
}
