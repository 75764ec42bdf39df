import { useMemo, useSyncExternalStore } from 'react';
import { createStore } from './storage';

export type SnackbarType = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarState {
  open: boolean;
  message: string;
  type: SnackbarType;
  /** Changes on every show so a repeated message restarts the timer. */
  key: number;
}

// Spec §9: the error display timeout is 10 s, every other message hides after the default 5 s.
export const SNACKBAR_TIMEOUT = { error: 10000, default: 5000 } as const;

const store = createStore<SnackbarState>({ open: false, message: '', type: 'info', key: 0 });

/** Module-level so non-React code (the API client's 401 handling) can notify too. */
export const snackbar = {
  get: store.get,
  subscribe: store.subscribe,
  show(message: string, type: SnackbarType = 'info') {
    store.set({ open: true, message, type, key: store.get().key + 1 });
  },
  close() {
    store.set({ ...store.get(), open: false });
  },
};

export function useSnackbarState(): SnackbarState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useSnackbar() {
  return useMemo(
    () => ({
      show: snackbar.show,
      success: (m: string) => snackbar.show(m, 'success'),
      info: (m: string) => snackbar.show(m, 'info'),
      warning: (m: string) => snackbar.show(m, 'warning'),
      error: (m: string) => snackbar.show(m, 'error'),
      close: snackbar.close,
    }),
    [],
  );
}
