import { useSyncExternalStore } from 'react';
import { createStore, readStored, writeStored } from './storage';

export const themeModes = ['light', 'dark', 'system'] as const;
export const navLayouts = ['vertical', 'horizontal'] as const;
export const skins = ['default', 'bordered'] as const;
export const languages = ['en', 'fr', 'ar'] as const;

export type ThemeMode = (typeof themeModes)[number];
export type NavLayout = (typeof navLayouts)[number];
export type Skin = (typeof skins)[number];
export type Language = (typeof languages)[number];

export interface Preferences {
  mode: ThemeMode;
  layout: NavLayout;
  skin: Skin;
  /** Only used while multi-language is enabled; null means "the default locale". */
  language: Language | null;
  /** The vertical navigation shows icons only (wide screens; the overlay drawer is always full width). */
  navCollapsed: boolean;
}

// Spec §9: default theme light, vertical navigation.
export const defaultPreferences: Preferences = {
  mode: 'light',
  layout: 'vertical',
  skin: 'default',
  language: null,
  navCollapsed: false,
};

const KEY = 'preferences';
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

function parse(raw: unknown): Preferences | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return {
    mode: oneOf(themeModes, r.mode) ?? defaultPreferences.mode,
    layout: oneOf(navLayouts, r.layout) ?? defaultPreferences.layout,
    skin: oneOf(skins, r.skin) ?? defaultPreferences.skin,
    language: oneOf(languages, r.language) ?? null,
    navCollapsed: r.navCollapsed === true,
  };
}

const store = createStore<Preferences>(readStored(KEY, parse) ?? defaultPreferences);

export const preferences = {
  get: store.get,
  subscribe: store.subscribe,
  update(patch: Partial<Preferences>) {
    const next = { ...store.get(), ...patch };
    writeStored(KEY, next);
    store.set(next);
  },
};

export function usePreferences(): Preferences {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
