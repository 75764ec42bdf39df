import { createRootRoute, createRoute, lazyRouteComponent, redirect, type ParsedLocation } from '@tanstack/react-router';
import { JobDetailPage } from '../features/jobs/JobDetailPage';
import { parseJobsSearch } from '../features/jobs/jobs.search';
import { JobSearchPage } from '../features/jobs/JobSearchPage';
import { nextSearch, resetSearch, verifySearch } from '../features/account/account.search';
import { applicationsSearch } from '../features/applications/applications.search';
import { safeNext } from '../lib/auth';
import { session } from '../lib/session';
import { useTakenOver } from '../lib/taken-over';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

/*
 * The board's route table, code-based. Searching and reading adverts are in the main bundle (they are what most
 * visitors see, often straight from a search engine); everything for candidates and employers loads on demand.
 */

export const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFoundPage, errorComponent: RouteError });

/** Candidate pages: signed-out visitors go to sign in and come back here afterwards. */
function requireCandidate({ location }: { location: ParsedLocation }) {
  if (!session.get().token) throw redirect({ to: '/sign-in', search: { next: location.href }, replace: true });
}

/** Sign-in and registration make no sense signed in: go on to where the visitor was heading. */
function onlySignedOut({ search }: { search: { next?: string } }) {
  if (session.get().token) throw redirect({ href: safeNext(search.next), replace: true });
}

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: parseJobsSearch,
  component: function Home() {
    useTakenOver();
    const search = homeRoute.useSearch();
    const navigate = homeRoute.useNavigate();
    return <JobSearchPage search={search} onChange={(next) => void navigate({ search: next })} />;
  },
});

const jobsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs',
  validateSearch: parseJobsSearch,
  component: function Jobs() {
    useTakenOver();
    const search = jobsRoute.useSearch();
    const navigate = jobsRoute.useNavigate();
    return <JobSearchPage search={search} onChange={(next) => void navigate({ search: next })} />;
  },
});

const jobRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs/$id',
  component: function Job() {
    useTakenOver();
    const { id } = jobRoute.useParams();
    return <JobDetailPage key={id} id={id} />;
  },
});

const applyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/jobs/$id/apply',
  beforeLoad: requireCandidate,
  component: lazyRouteComponent(() => import('../features/apply/ApplyPage'), 'ApplyPage'),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: nextSearch,
  beforeLoad: onlySignedOut,
  component: lazyRouteComponent(() => import('../features/account/SignInPage'), 'SignInPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  validateSearch: nextSearch,
  beforeLoad: onlySignedOut,
  component: lazyRouteComponent(() => import('../features/account/RegisterPage'), 'RegisterPage'),
});

const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify',
  validateSearch: verifySearch,
  component: lazyRouteComponent(() => import('../features/account/VerifyPage'), 'VerifyPage'),
});

const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('../features/account/ForgotPasswordPage'), 'ForgotPasswordPage'),
});

const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: resetSearch,
  component: lazyRouteComponent(() => import('../features/account/ResetPasswordPage'), 'ResetPasswordPage'),
});

const impersonateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/impersonate',
  component: lazyRouteComponent(() => import('../features/account/ImpersonatePage'), 'ImpersonatePage'),
});

const applicationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/me/applications',
  validateSearch: applicationsSearch,
  beforeLoad: requireCandidate,
  component: lazyRouteComponent(() => import('../features/applications/MyApplicationsPage'), 'MyApplicationsPage'),
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/me/profile',
  beforeLoad: requireCandidate,
  component: lazyRouteComponent(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
});

const employerRegisterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/employers/register',
  component: lazyRouteComponent(() => import('../features/employers/EmployerRegisterPage'), 'EmployerRegisterPage'),
});

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('../features/privacy/PrivacyPage'), 'PrivacyPage'),
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  jobsRoute,
  jobRoute,
  applyRoute,
  signInRoute,
  registerRoute,
  verifyRoute,
  forgotRoute,
  resetRoute,
  impersonateRoute,
  applicationsRoute,
  profileRoute,
  employerRegisterRoute,
  privacyRoute,
]);
