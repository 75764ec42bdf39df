import { lazy, Suspense, useEffect, useState } from 'react';

/** Spec §2 / §9: appears after more than 200 px of scrolling and scrolls smoothly back up. */
export const SCROLL_TOP_THRESHOLD = 200;

const ScrollToTopButton = lazy(() => import('./ScrollToTopButton').then((m) => ({ default: m.ScrollToTopButton })));

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  // Short pages (the sign-in page among them) never need the button, so its code waits for the first long scroll.
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const onScroll = () => {
      const far = window.scrollY > SCROLL_TOP_THRESHOLD;
      setVisible(far);
      if (far) setWanted(true);
    };
    // No reading of the position on mount: it would force a layout in the middle of the app's first render, and the
    // app starts at the top (a restored position fires a scroll event of its own).
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton visible={visible} />
    </Suspense>
  );
}
