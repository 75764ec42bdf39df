import { useEffect, useRef } from 'react';

/*
 * The browser tab's title: "<page> · <brand>", or the brand alone while the page part is not known. Two levels
 * declare the page part: the route (the root layout names every route from the `routes` catalogue, so no page is
 * ever left with the brand alone) and the page itself (a record's name, a step of a form), which wins while it is
 * mounted. Levels rather than mount order, because React runs a child's effects before its parent's.
 */

/** Parts in this order in every language: the browser lays the title out right to left itself for Arabic. */
export const TITLE_SEPARATOR = ' · ';

/** Empty until branding.ts applies the branding (or its default). */
let brand = '';
let routePart: string | undefined;
/** Page-level declarations, latest last; `undefined` is a page whose name is still loading. */
const pageParts: { part: string | undefined }[] = [];

export function composeTitle(page: string | undefined, brandTitle: string): string {
  if (page && brandTitle) return `${page}${TITLE_SEPARATOR}${brandTitle}`;
  return page || brandTitle;
}

function currentPart(): string | undefined {
  return pageParts.length ? pageParts[pageParts.length - 1]!.part : routePart;
}

function apply() {
  // Before the branding is applied (and with no page part) the document keeps the title it was served with.
  const title = composeTitle(currentPart(), brand);
  if (title) document.title = title;
}

/** The brand part (branding.ts calls it whenever the branding is applied); keeps the page part shown. */
export function setTitleBrand(brandTitle: string) {
  brand = brandTitle;
  apply();
}

/**
 * Names the page in the browser tab while the calling component is mounted: "<page> · <brand>". `undefined`
 * means "not known yet" (a record loading): the tab shows the brand alone, not the previous page's name.
 * On unmount the title falls back to what is declared around it (the route's name, or the brand).
 */
export function usePageTitle(page: string | undefined) {
  const entry = useRef<{ part: string | undefined }>(null);
  useEffect(() => {
    const own = { part: undefined as string | undefined };
    entry.current = own;
    pageParts.push(own);
    return () => {
      pageParts.splice(pageParts.indexOf(own), 1);
      entry.current = null;
      apply();
    };
  }, []);
  useEffect(() => {
    if (!entry.current) return;
    entry.current.part = page || undefined;
    apply();
  }, [page]);
}

/** The route level: what the root layout declares for the matched route (overridden by any page-level title). */
export function useRouteTitle(page: string | undefined) {
  useEffect(() => {
    routePart = page || undefined;
    apply();
  }, [page]);
  useEffect(
    () => () => {
      routePart = undefined;
      apply();
    },
    [],
  );
}
