/**
 * Persisted client state under the portal's own key prefix (spec §9), so several apps on one origin never collide.
 * Storage can be unavailable (private mode, quota, tests without DOM): reads then fall back and writes are dropped.
 */
export const STORAGE_PREFIX = 'hireline:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored<T>(key: string, parse: (raw: unknown) => T | null): T | null {
  const raw = storage()?.getItem(STORAGE_PREFIX + key);
  if (raw == null) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null || value === undefined) s.removeItem(STORAGE_PREFIX + key);
    else s.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the preference just lives for this page view.
  }
}

/** A minimal observable value for useSyncExternalStore: stable snapshots, synchronous notify. */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: T) {
      if (Object.is(next, state)) return;
      state = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
