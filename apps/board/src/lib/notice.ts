import { useSyncExternalStore } from 'react';
import { createStore } from './storage';

/**
 * One message shown at the top of the next page (signed out, account deleted, session expired): what happened must
 * survive the navigation that follows it. The layout shows it in a live region and clears it when dismissed.
 */
export interface Notice {
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  /** Not yet carried across a navigation: it survives the one that usually follows it, then goes. */
  fresh: boolean;
}

const store = createStore<Notice | null>(null);

export const notice = {
  show(message: string, severity: Notice['severity'] = 'info') {
    store.set({ message, severity, fresh: true });
  },
  /** Called on every page change. */
  navigated() {
    const current = store.get();
    if (current?.fresh) store.set({ ...current, fresh: false });
    else if (current) store.set(null);
  },
  clear() {
    store.set(null);
  },
};

export function useNotice(): Notice | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
