import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { ScrollToTop } from '../components/ScrollToTop';
import { BlankLayout } from '../layouts/BlankLayout';
import { useRouteScroll } from './route-scroll';

// The signed-in chrome is not needed to show the login page, so it stays out of the first download.
const DefaultLayout = lazy(() => import('../layouts/DefaultLayout').then((m) => ({ default: m.DefaultLayout })));

/** Picks the layout from the matched route's meta, so the route table alone decides each page's chrome. */
export function RootLayout() {
  const matches = useMatches();
  const layout = matches[matches.length - 1]?.staticData.meta?.layout ?? 'default';
  useRouteScroll();
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
