import { useEffect } from 'react';
import { getBoardSite } from '@hireline/contract/board';
import { useApiQuery } from './api-query';

/** The board's site (name, currency, filter options with counts); shared by the layout, search and titles. */
export function useBoardSite() {
  return useApiQuery(getBoardSite, {}, { staleTime: 5 * 60_000 });
}

/** "<page> — <site>", or the site's name alone. */
export function pageTitle(title: string | null | undefined, siteName: string | undefined): string {
  if (title && siteName) return `${title} — ${siteName}`;
  return title || siteName || '';
}

/** Sets document.title while the page is shown (and again once the site's name is known). */
export function usePageTitle(title: string | null | undefined) {
  const siteName = useBoardSite().data?.name;
  useEffect(() => {
    const next = pageTitle(title, siteName);
    if (next) document.title = next;
  }, [title, siteName]);
}
