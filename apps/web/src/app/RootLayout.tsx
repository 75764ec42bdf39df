import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { ScrollToTop } from '../components/ScrollToTop';
import { BlankLayout } from '../layouts/BlankLayout';
import { loadNamespaces } from '../lib/i18n';
import { useRouteTitle } from '../lib/page-title';
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

/** Picks the layout and the tab's title from the matched route, so the route table alone decides each page's chrome. */
export function RootLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.staticData;
  const layout = leaf?.meta?.layout ?? 'default';
  // Every route names its tab ("Jobs · Acme Careers"); a page showing a record replaces this with the record's name.
  useRouteTitle(leaf?.name ? t(`routes.${leaf.name}`) : undefined);
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
