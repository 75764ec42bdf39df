/*
 * The search-parameter schemas of the signed-in pages, in one chunk loaded at sign-in (signed-in-search.ts): with
 * the contract modules they read (sort lists, statuses), they are not needed to show the login page.
 */
export { applicationsListSearch } from '../../features/applications/applications.search';
export { auditSearch, enterpriseAuditSearch } from '../../features/audit/audit.search';
export { consultantsListSearch } from '../../features/consultants/consultants.search';
export { buyCreditsSearch, creditSystemSearch, paymentSuccessSearch } from '../../features/credits/credits.search';
export { mailListSearch } from '../../features/dev-mail/mail.search';
export { employerDetailSearch, employersListSearch } from '../../features/employers/employers.search';
export { enterpriseAccountsSearch } from '../../features/enterprise/enterprise.search';
export { jobsListSearch } from '../../features/jobs/jobs.search';
export { jobWizardSearch } from '../../features/jobs/wizard/job-wizard.search';
export { notificationsSearch } from '../../features/notifications/notifications.search';
export { seekersListSearch, seekerTabSearch } from '../../features/seekers/seekers.search';
export { settingsSearch } from '../../features/settings/settings.search';
export { sitesSearch } from '../../features/sites/sites.search';
export { usersSearch } from '../../features/users/users.search';
export { simpleListSearch } from '../../lib/list-search';
