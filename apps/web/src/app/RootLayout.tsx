import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { ScrollToTop } from '../components/ScrollToTop';
import { BlankLayout } from '../layouts/BlankLayout';

// The signed-in chrome is not needed to show the login page, so it stays out of the first download.
const DefaultLayout = lazy(() => import('../layouts/DefaultLayout').then((m) => ({ default: m.DefaultLayout })));

/** Spec §2: a route change scrolls to the top, or smoothly to the hash anchor when there is one. */
function useScrollOnRouteChange() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hash = useRouterState({ select: (s) => s.location.hash });
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash))?.scrollIntoView({ behavior: 'smooth' });
    else window.scrollTo({ top: 0 });
  }, [pathname, hash]);
}

/** Picks the layout from the matched route's meta, so the route table alone decides each page's chrome. */
export function RootLayout() {
  const matches = useMatches();
  const layout = matches[matches.length - 1]?.staticData.meta?.layout ?? 'default';
  useScrollOnRouteChange();
  const Layout = layout === 'blank' ? BlankLayout : DefaultLayout;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Layout>
        <Outlet />
      </Layout>
      <ScrollToTop />
    </Suspense>
  );
}
