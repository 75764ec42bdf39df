import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';

// Long enough for a page's data to arrive and render its anchor; short enough not to jump long after the user
// has started reading or scrolling on their own.
const ANCHOR_WAIT_MS = 3000;

/** Smoothly scrolls to the element with this id, waiting briefly for pages that render it after their data. */
export function scrollToAnchor(id: string, doc: Document = document): () => void {
  const scroll = (el: Element) => el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const found = doc.getElementById(id);
  if (found) {
    scroll(found);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const el = doc.getElementById(id);
    if (!el) return;
    stop();
    scroll(el);
  });
  const timer = setTimeout(() => stop(), ANCHOR_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(doc.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Spec §2: a route change scrolls to the top, or smoothly to the `#hash` anchor when there is one. Runs once the
 * new page has rendered (the router's onRendered), so lazily loaded pages are in the document by then.
 */
export function useRouteScroll() {
  const router = useRouter();
  useEffect(() => {
    let cancel = () => {};
    // A page opened (or reloaded) with a `#hash`: the browser looked for the anchor before the app rendered it.
    if (window.location.hash) cancel = scrollToAnchor(decodeURIComponent(window.location.hash.slice(1)));
    const unsubscribe = router.subscribe('onRendered', (event) => {
      if (!event.pathChanged && !event.hashChanged) return;
      cancel();
      const hash = decodeURIComponent(event.toLocation.hash);
      if (hash) cancel = scrollToAnchor(hash);
      else window.scrollTo({ top: 0 });
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }, [router]);
}
