import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../root-route';
import { signedInSearch } from './signed-in-search';
import { lazyPage } from './lazy-pages';

/*
 * Site level (spec §2): `/$account/$site/…`, where the segments are the slugs of the selected account and site.
 * The root route keeps them in line with the selection. Pages under a list name it in `navActiveLink`, which
 * highlights the list's navigation entry and is where the scope switcher goes from a record of another site.
 */

export const applicationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/applications',
  validateSearch: signedInSearch('applicationsListSearch'),
  staticData: { name: 'applications', meta: { layout: 'default', action: 'view', subject: 'applications' } },
  component: lazyPage(['applications'], () => import('../../features/applications/ApplicationsListPage'), 'ApplicationsListPage'),
});

export const applicationTabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/applications/$id/$tab',
  staticData: {
    name: 'applications-id-tab',
    meta: { layout: 'default', action: 'view', subject: 'applications', navActiveLink: 'applications' },
  },
  component: lazyPage(['applications'], () => import('../../features/applications/ApplicationDetailPage'), 'ApplicationDetailPage'),
});

export const consultantsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/consultants',
  validateSearch: signedInSearch('consultantsListSearch'),
  staticData: { name: 'consultants', meta: { layout: 'default', action: 'view', subject: 'consultants' } },
  component: lazyPage(['consultants'], () => import('../../features/consultants/ConsultantsListPage'), 'ConsultantsListPage'),
});

export const consultantRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/consultants/$id',
  staticData: {
    name: 'consultants-id',
    meta: { layout: 'default', action: 'view', subject: 'consultants', navActiveLink: 'consultants' },
  },
  component: lazyPage(['consultants'], () => import('../../features/consultants/ConsultantDetailPage'), 'ConsultantDetailPage'),
});

export const consultantEditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/consultants/$id/edit',
  staticData: {
    name: 'consultants-id-edit',
    meta: { layout: 'default', action: 'update', subject: 'consultants', navActiveLink: 'consultants' },
  },
  component: lazyPage(['consultants'], () => import('../../features/consultants/ConsultantFormPage'), 'ConsultantEditPage'),
});

export const consultantCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/consultants/create',
  staticData: {
    name: 'consultants-create',
    meta: { layout: 'default', action: 'create', subject: 'consultants', navActiveLink: 'consultants' },
  },
  component: lazyPage(['consultants'], () => import('../../features/consultants/ConsultantFormPage'), 'ConsultantCreatePage'),
});

export const creditSystemRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/credit-system',
  validateSearch: signedInSearch('creditSystemSearch'),
  staticData: { name: 'credit-system', meta: { layout: 'default', action: 'view', subject: 'credits' } },
  component: lazyPage(['credits'], () => import('../../features/credits/CreditSystemPage'), 'CreditSystemPage'),
});

// Buying credits (then payment-success on return from checkout); the employer's `credits.purchase` grants it.
export const creditPurchaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/credit-system/create',
  validateSearch: signedInSearch('buyCreditsSearch'),
  staticData: {
    name: 'credit-system-create',
    meta: { layout: 'default', action: 'purchase', subject: 'credits', navActiveLink: 'credit-system' },
  },
  component: lazyPage(['credits'], () => import('../../features/credits/BuyCreditsPage'), 'BuyCreditsPage'),
});

export const creditPaymentSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/credit-system/payment-success',
  validateSearch: signedInSearch('paymentSuccessSearch'),
  staticData: {
    name: 'credit-system-payment-success',
    meta: { layout: 'default', action: 'view', subject: 'credits', navActiveLink: 'credit-system' },
  },
  component: lazyPage(['credits'], () => import('../../features/credits/PaymentSuccessPage'), 'PaymentSuccessPage'),
});

// The selected employer (X-AF-EMPID), for employer staff; `employers` below is the site's list of employers.
export const employerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/employer',
  validateSearch: signedInSearch('employerDetailSearch'),
  staticData: { name: 'employer', meta: { layout: 'default', action: 'view', subject: 'employers' } },
  component: lazyPage(['employers'], () => import('../../features/employers/SelectedEmployerPages'), 'SelectedEmployerPage'),
});

export const employerEditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/employer/edit',
  staticData: {
    name: 'employer-edit',
    meta: { layout: 'default', action: 'update', subject: 'employers', navActiveLink: 'employer' },
  },
  component: lazyPage(['employers'], () => import('../../features/employers/EmployerFormPages'), 'SelectedEmployerEditPage'),
});

export const employerUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/employer/users',
  staticData: {
    name: 'employer-users',
    meta: { layout: 'default', action: 'view', subject: 'users', navActiveLink: 'employer' },
  },
  component: lazyPage(['employers'], () => import('../../features/employers/SelectedEmployerPages'), 'SelectedEmployerUsersPage'),
});

export const employersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/employers',
  validateSearch: signedInSearch('employersListSearch'),
  staticData: { name: 'employers', meta: { layout: 'default', action: 'view', subject: 'employers' } },
  component: lazyPage(['employers'], () => import('../../features/employers/EmployersListPage'), 'EmployersListPage'),
});

export const employersDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/employers/$id',
  validateSearch: signedInSearch('employerDetailSearch'),
  staticData: {
    name: 'employers-id',
    meta: { layout: 'default', action: 'view', subject: 'employers', navActiveLink: 'employers' },
  },
  component: lazyPage(['employers'], () => import('../../features/employers/EmployerDetailPage'), 'EmployerDetailPage'),
});

export const employersEditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/employers/$id/edit',
  staticData: {
    name: 'employers-id-edit',
    meta: { layout: 'default', action: 'update', subject: 'employers', navActiveLink: 'employers' },
  },
  component: lazyPage(['employers'], () => import('../../features/employers/EmployerFormPages'), 'EmployerEditPage'),
});

export const employersCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/employers/create',
  staticData: {
    name: 'employers-create',
    meta: { layout: 'default', action: 'create', subject: 'employers', navActiveLink: 'employers' },
  },
  component: lazyPage(['employers'], () => import('../../features/employers/EmployerFormPages'), 'EmployerCreatePage'),
});

export const employersHoldRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/employers/hold',
  validateSearch: signedInSearch('simpleListSearch'),
  staticData: {
    name: 'employers-hold',
    meta: { layout: 'default', action: 'approve', subject: 'employers', navActiveLink: 'employers' },
  },
  component: lazyPage(['employers'], () => import('../../features/employers/EmployersOnHoldPage'), 'EmployersOnHoldPage'),
});

export const jobsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/jobs',
  validateSearch: signedInSearch('jobsListSearch'),
  staticData: { name: 'jobs', meta: { layout: 'default', action: 'view', subject: 'jobs' } },
  component: lazyPage(['jobs', 'applications'], () => import('../../features/jobs/JobsListPage'), 'JobsListPage'),
});

export const jobRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/jobs/$id',
  staticData: {
    name: 'jobs-id',
    meta: { layout: 'default', action: 'view', subject: 'jobs', navActiveLink: 'jobs' },
  },
  component: lazyPage(['jobs', 'applications'], () => import('../../features/jobs/JobDetailPage'), 'JobDetailPage'),
});

export const jobCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/jobs/create',
  validateSearch: signedInSearch('jobWizardSearch'),
  staticData: {
    name: 'jobs-create',
    meta: { layout: 'default', action: 'create', subject: 'jobs', navActiveLink: 'jobs' },
  },
  component: lazyPage(['jobs', 'applications'], () => import('../../features/jobs/wizard/JobWizardPage'), 'JobCreatePage'),
});

// The spec has no `{id}` segment here: the job being edited is named in the query (e.g. after a clone).
export const jobEditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/jobs/edit',
  validateSearch: signedInSearch('jobWizardSearch'),
  staticData: {
    name: 'jobs-edit',
    meta: { layout: 'default', action: 'update', subject: 'jobs', navActiveLink: 'jobs' },
  },
  component: lazyPage(['jobs', 'applications'], () => import('../../features/jobs/wizard/JobWizardPage'), 'JobEditPage'),
});

export const flaggedJobsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/jobs/flagged-jobs',
  validateSearch: signedInSearch('simpleListSearch'),
  staticData: {
    name: 'jobs-flagged-jobs',
    meta: { layout: 'default', action: 'view', subject: 'flagged_jobs', navActiveLink: 'jobs' },
  },
  component: lazyPage(['jobs', 'applications'], () => import('../../features/jobs/FlaggedJobsPage'), 'FlaggedJobsPage'),
});

export const jobsHoldRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/jobs/hold',
  validateSearch: signedInSearch('simpleListSearch'),
  staticData: {
    name: 'jobs-hold',
    meta: { layout: 'default', action: 'approve', subject: 'jobs', navActiveLink: 'jobs' },
  },
  component: lazyPage(['jobs', 'applications'], () => import('../../features/jobs/JobsOnHoldPage'), 'JobsOnHoldPage'),
});

export const seekersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/seekers',
  validateSearch: signedInSearch('seekersListSearch'),
  staticData: { name: 'seekers', meta: { layout: 'default', action: 'view', subject: 'seekers' } },
  component: lazyPage(['seekers'], () => import('../../features/seekers/SeekersListPage'), 'SeekersListPage'),
});

export const seekerTabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/seekers/$id/$tab',
  validateSearch: signedInSearch('seekerTabSearch'),
  staticData: {
    name: 'seekers-id-tab',
    meta: { layout: 'default', action: 'view', subject: 'seekers', navActiveLink: 'seekers' },
  },
  component: lazyPage(['seekers'], () => import('../../features/seekers/SeekerDetailPage'), 'SeekerDetailPage'),
});

export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/$site/settings',
  validateSearch: signedInSearch('settingsSearch'),
  staticData: { name: 'settings', meta: { layout: 'default', action: 'view', subject: 'settings' } },
  component: lazyPage(['settings', 'jobs'], () => import('../../features/settings/SiteSettingsPage'), 'SiteSettingsPage'),
});

export const siteRoutes = [
  applicationsRoute,
  applicationTabRoute,
  consultantsRoute,
  consultantRoute,
  consultantEditRoute,
  consultantCreateRoute,
  creditSystemRoute,
  creditPurchaseRoute,
  creditPaymentSuccessRoute,
  employerRoute,
  employerEditRoute,
  employerUsersRoute,
  employersRoute,
  employersDetailRoute,
  employersEditRoute,
  employersCreateRoute,
  employersHoldRoute,
  jobsRoute,
  jobRoute,
  jobCreateRoute,
  jobEditRoute,
  flaggedJobsRoute,
  jobsHoldRoute,
  seekersRoute,
  seekerTabRoute,
  settingsRoute,
];
