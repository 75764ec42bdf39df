import { useEffect } from 'react';
import { getBoardSite } from '@hireline/contract/board';
import { useApiQuery } from './api-query';

/** The board's site (name, currency, filter options with counts); shared by the layout, search and titles. */
export function useBoardSite() {
  return useApiQuery(getBoardSite, {}, { staleTime: 5 * 60_000 });
}

/**
 * "<page> · <site>", or the site's name alone (a page still loading what it is named after). The parts keep this
 * order in every language: the browser lays the title out right to left itself for Arabic. The portal's tabs read
 * the same way ("Jobs · Acme Careers").
 */
export function pageTitle(title: string | null | undefined, siteName: string | undefined): string {
  if (title && siteName) return `${title} · ${siteName}`;
  return title || siteName || '';
}

let renderedTitle = '';

/**
 * On the server: the title the page just rendered asked for (the page's own, rendered after the layout, wins), read
 * once. Rendering is synchronous, so it is exactly that render's.
 */
export function takeRenderedTitle(): string {
  const title = renderedTitle;
  renderedTitle = '';
  return title;
}

/**
 * Names the page in the browser tab while it is shown (and again once the site's name is known). `null` is a page
 * whose name is still loading (a job's title): the tab shows the site's name, not the previous page's. Leaving the
 * page puts the site's name back, so a page that names nothing never wears another's title.
 */
export function usePageTitle(title: string | null | undefined) {
  const siteName = useBoardSite().data?.name;
  // On the server (entry-server.tsx), where effects never run: the page's title goes into the HTML instead, so a
  // page the app has not taken over yet (lib/takeover.ts) is named in its tab as the app would name it.
  if (typeof document === 'undefined') renderedTitle = pageTitle(title, siteName) || renderedTitle;
  useEffect(() => {
    const next = pageTitle(title, siteName);
    if (next) document.title = next;
  }, [title, siteName]);
  useEffect(
    () => () => {
      if (siteName) document.title = siteName;
    },
    [siteName],
  );
}
