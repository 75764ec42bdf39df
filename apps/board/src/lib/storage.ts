/**
 * Small wrappers over Web Storage: it can be unavailable (private mode, quota, tests without DOM), and then reads
 * fall back and writes are dropped. Keys carry the board's own prefix so the portal on another host never collides.
 */
export const STORAGE_PREFIX = 'hireline-board:';

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    if (which === 'local') return typeof localStorage === 'undefined' ? null : localStorage;
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readStored<T>(which: Area, key: string, parse: (raw: unknown) => T | null): T | null {
  const raw = area(which)?.getItem(STORAGE_PREFIX + key);
  if (raw == null) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeStored(which: Area, key: string, value: unknown): void {
  try {
    const s = area(which);
    if (!s) return;
    if (value === null || value === undefined) s.removeItem(STORAGE_PREFIX + key);
    else s.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the value just lives for this page view.
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
