import type { DehydratedState } from '@tanstack/react-query';
import type { Branding } from '@hireline/contract/branding';

/*
 * What a server-rendered page hands to the app in the browser: the language it was rendered in, the branding and
 * the query cache behind its content. The app hydrates from it without fetching again, so the page does not change.
 */

export const SSR_STATE_ID = 'board-ssr-state';

export interface BoardSsrState {
  language: string;
  /** Whether the page was laid out for a wide screen (a guess from the browser's user agent). */
  wide: boolean;
  branding: Branding | null;
  queries: DehydratedState;
}

/** JSON inside a <script>: `<` escaped so no value (a job's description) can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function ssrStateScript(state: BoardSsrState): string {
  return `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(state)}</script>`;
}

/**
 * The state the server put in this page, or null (a page it did not render, a development server). Read once: the
 * element is removed, so the page keeps no copy of the data besides what the app shows.
 */
export function readSsrState(): BoardSsrState | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(SSR_STATE_ID);
  element?.remove();
  const text = element?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BoardSsrState;
  } catch {
    return null;
  }
}

let renderedWide = false;

/**
 * The width the server laid the page out for, which layout that depends on the screen (useMediaQuery) renders first
 * while the browser takes the page over, so both render the same; it then follows the real screen.
 */
export function setRenderedWide(wide: boolean) {
  renderedWide = wide;
}

export function renderedWideScreen(): boolean {
  return renderedWide;
}
