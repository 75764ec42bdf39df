import type { EmployerDetail, EmployerSummary } from '@hireline/contract/employers';
import { signedFileUrl } from '../../platform/files';
import { allowedActions, employerMessages, type Caller } from './employer.policy';
import type { EmployerRow } from './employers.repo';

/* Rows as the contract shows them. */

export { employerMessages } from './employer.policy';

const logoOf = (secret: string, e: EmployerRow) => (e.logoFileId ? { id: e.logoFileId, url: signedFileUrl(secret, e.logoFileId) } : null);

export function presentSummary(secret: string, e: EmployerRow, jobsCount: number): EmployerSummary {
  return {
    id: e.id,
    business_name: e.businessName,
    type: e.type,
    registration_number: e.registrationNumber,
    industry: e.industry,
    contact_name: e.contactName,
    contact_email: e.contactEmail,
    phone: e.phone,
    status: e.status,
    enabled: e.enabled,
    credit_balance: e.creditBalance,
    jobs_count: jobsCount,
    logo: logoOf(secret, e),
    created_at: e.createdAt.toISOString(),
  };
}

export interface EmployerCounts {
  jobs: number;
  liveJobs: number;
  applications: number;
  users: number;
  relistable: number;
  ledger: boolean;
}

export function presentDetail(secret: string, caller: Caller, e: EmployerRow, c: EmployerCounts): EmployerDetail {
  const address = e.address
    ? { line1: null, line2: null, city: null, region: null, postcode: null, country: null, ...e.address }
    : null;
  return {
    ...presentSummary(secret, e, c.jobs),
    website: e.website,
    size: e.size,
    address,
    about: e.about,
    rejection_reason: e.rejectionReason,
    approved_at: e.approvedAt?.toISOString() ?? null,
    rejected_at: e.rejectedAt?.toISOString() ?? null,
    live_jobs_count: c.liveJobs,
    applications_count: c.applications,
    users_count: c.users,
    relistable_jobs_count: c.relistable,
    delete_blocked_reason: c.ledger ? employerMessages.hasCredits : null,
    allowed_actions: allowedActions({ ...e, ledger: c.ledger }, caller),
  };
}
