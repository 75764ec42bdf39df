import type { RoleLevel } from '@hireline/contract/enums';

/**
 * The default role bundles of DESIGN §5. Each account gets a copy it can edit;
 * a membership grants its role's permissions at the membership's scope key
 * (`enterprise`, `account:{id}`, `site:{id}` or `employer:{id}`).
 */
export interface RoleDefinition {
  key: string;
  name: string;
  level: RoleLevel;
  permissions: string[];
}

export const defaultRoles: RoleDefinition[] = [
  { key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] },
  { key: 'account_admin', name: 'Account admin', level: 'account', permissions: ['all'] },
  {
    key: 'site_manager',
    name: 'Site manager',
    level: 'site',
    permissions: [
      'dashboard.view',
      'jobs.all',
      'applications.all',
      'seekers.all',
      'employers.all',
      'consultants.all',
      'credits.view',
      'credits.create',
      'credits.export',
      'settings.view',
      'settings.update',
      'notifications.all',
      'flagged_jobs.all',
      'job_feedbacks.all',
      'users.view',
      'users.impersonate',
      // What the employer admin role gives at an employer, so the site manager may give it (ADR 014); account-wide
      // users screens judge the account level only (ADR 009), so this reaches no account user.
      'users.all',
    ],
  },
  {
    key: 'consultant',
    name: 'Consultant',
    level: 'site',
    permissions: [
      'dashboard.view',
      'jobs.view',
      'jobs.create',
      'jobs.update',
      'jobs.export',
      'applications.view',
      'applications.status',
      'applications.update',
      'applications.export',
      'seekers.view',
      'seekers.update',
      'employers.view',
      'consultants.view',
      'notifications.all',
      'flagged_jobs.view',
      'job_feedbacks.view',
    ],
  },
  {
    key: 'employer_admin',
    name: 'Employer admin',
    level: 'employer',
    permissions: [
      'dashboard.view',
      'jobs.view',
      'jobs.create',
      'jobs.update',
      'jobs.delete',
      'applications.view',
      'applications.status',
      'credits.view',
      'credits.purchase',
      'credits.export',
      'employers.view',
      'employers.update',
      'users.all',
      'notifications.all',
      'job_feedbacks.view',
    ],
  },
  {
    key: 'employer_user',
    name: 'Employer user',
    level: 'employer',
    permissions: [
      'dashboard.view',
      'jobs.view',
      'jobs.create',
      'jobs.update',
      'applications.view',
      'applications.status',
      'credits.view',
      'employers.view',
      'notifications.all',
    ],
  },
];
