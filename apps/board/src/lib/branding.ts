import { useSyncExternalStore } from 'react';
import { getBranding, type Branding } from '@hireline/contract/branding';
import { request } from './api-client';
import { boardHostname } from './board-host';
import { showFavicon } from './favicon';
import { createStore } from './storage';

/*
 * The account's branding for this board's host (logo, favicon, colours). It is bootstrap configuration rather than
 * server state: the theme needs it before content paints, so it is fetched once at start-up and kept in a store.
 */

export const DEFAULT_COLORS = { primary: '#7367F0', primaryDark: '#675DD8' } as const;

const store = createStore<Branding | null>(null);
let pending: Promise<Branding | null> | null = null;

function apply(branding: Branding) {
  store.set(branding);
  showFavicon(branding);
}

/**
 * The branding a server-rendered page came with, in place of fetching it. On the server: the branding of the page
 * being rendered (null afterwards), which the render reads synchronously.
 */
export function setBranding(branding: Branding | null) {
  if (typeof document === 'undefined') {
    store.set(branding);
    return;
  }
  if (branding) apply(branding);
  pending = Promise.resolve(branding);
}

/** Fetches the branding of this board once; never rejects (the board then shows its defaults). */
export function loadBranding(): Promise<Branding | null> {
  pending ??= request(getBranding, { query: { domain: boardHostname() } }).then(
    (branding) => {
      apply(branding);
      return branding;
    },
    (error: unknown) => {
      console.warn('Error fetching branding data:', error);
      return null;
    },
  );
  return pending;
}

export function useBranding(): Branding | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** Theme colours; anything but #rrggbb would make MUI throw, so it falls back. */
export function brandColors(branding: Branding | null) {
  const colors = branding?.branding.colors;
  return {
    primary: colors && HEX.test(colors.primary_color) ? colors.primary_color : DEFAULT_COLORS.primary,
    primaryDark: colors && HEX.test(colors.primary_darken_color) ? colors.primary_darken_color : DEFAULT_COLORS.primaryDark,
  };
}

export function brandLogo(branding: Branding | null): string | null {
  return branding?.branding.logo || branding?.logo_square || null;
}
