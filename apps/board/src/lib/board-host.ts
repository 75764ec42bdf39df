import { STORAGE_PREFIX } from './storage';

/*
 * Which board this page is. In production the board is its own host and the API reads the Host header, so nothing
 * is sent. The Vite dev server runs on localhost, which is no board: there `?board=jobs.acme.localhost` names one,
 * kept for the tab so in-app navigation (which drops the query) stays on it.
 */

const DEV_KEY = `${STORAGE_PREFIX}dev-board`;
const HOST = /^[a-z0-9.-]{1,253}$/i;

function readDevBoard(): string | null {
  if (!import.meta.env.DEV || typeof window === 'undefined') return null;
  try {
    const asked = new URLSearchParams(window.location.search).get('board');
    if (asked && HOST.test(asked)) sessionStorage.setItem(DEV_KEY, asked);
    return sessionStorage.getItem(DEV_KEY);
  } catch {
    return null;
  }
}

const devBoard = readDevBoard();

/** The board named by `?board=` in development; always null in a production build. */
export function devBoardHost(): string | null {
  return devBoard;
}

/** The board's domain: the dev override, else this page's host. */
export function boardHostname(): string {
  return devBoard ?? (typeof window === 'undefined' ? 'localhost' : window.location.hostname);
}
