/** Permission subjects and actions (DESIGN §6). A permission string is `subject.action`. */
export const subjects = [
  'portal',
  'dashboard',
  'jobs',
  'applications',
  'seekers',
  'employers',
  'consultants',
  'users',
  'sites',
  'accounts',
  'credits',
  'settings',
  'notifications',
  'flagged_jobs',
  'job_feedbacks',
  'audit',
  'enterprise',
] as const;
export type Subject = (typeof subjects)[number];

export const actions = [
  'access',
  'view',
  'create',
  'update',
  'delete',
  'approve',
  'status',
  'impersonate',
  'purchase',
  'export',
  'all',
] as const;
export type Action = (typeof actions)[number];
