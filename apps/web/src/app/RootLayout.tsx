import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { ScrollToTop } from '../components/ScrollToTop';
import { BlankLayout } from '../layouts/BlankLayout';
import { loadNamespaces } from '../lib/i18n';
import { useRouteScroll } from './route-scroll';

// The signed-in chrome is not needed to show the login page, so it stays out of the first download; it comes with
// the catalogs its search and notifications bell read.
const loadDefaultLayout = () =>
  Promise.all([import('../layouts/DefaultLayout'), loadNamespaces(['home', 'notifications'])]).then(([m]) => ({ default: m.DefaultLayout }));
const DefaultLayout = lazy(loadDefaultLayout);

/** Starts fetching the signed-in chrome ahead of its first render (a signed-in start: see App.tsx). */
export function preloadDefaultLayout() {
  loadDefaultLayout().catch(() => undefined);
}

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
