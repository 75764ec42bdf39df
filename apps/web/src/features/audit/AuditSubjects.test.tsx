// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '@hireline/contract/audit';
import { mountApp } from '../../test/app-harness';
import { A, S, cleanup, fakeApi, main, type Handler } from '../../test/site-fixtures';
import i18n from '../../test/i18n';
import { waitFor } from '../../test/wait';

/* What each entry is about, by name: the person impersonated, the job or employer changed, or that it is gone. */

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const SOFIA = { id: '00000000-0000-4000-8000-000000000031', name: 'Sofia Martinez', email: 'manager@acme.test' };
const ERIN = { id: '00000000-0000-4000-8000-000000000032', name: 'Erin Enterprise', email: 'erin@hireline.test' };
const JOB = '00000000-0000-4000-8000-000000000041';

const entry = (n: number, over: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: `00000000-0000-4000-8000-0000000020${n}`,
  created_at: '2025-03-04T10:15:00.000Z',
  action: 'job.posted',
  subject_type: null,
  subject_id: null,
  subject_name: null,
  subject_deleted: false,
  actor: ERIN,
  impersonator: null,
  ip: null,
  data: {},
  ...over,
});

const user = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Ada Admin',
  email: 'admin@acme.test',
  avatar: null,
  permissions: { [`account:${A}`]: ['all'] },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
};
const list = (rows: AuditLogEntry[]): Handler => (method, url) =>
  method === 'GET' && url.pathname === '/portal/v1/accounts/audit-logs' ? { data: rows, meta: { page: 1, per_page: 25, total: rows.length } } : undefined;
const rows = () => [...main().querySelectorAll<HTMLTableRowElement>('tbody tr')].filter((r) => r.querySelector('time'));
const cells = (row: number) => [...rows()[row]!.querySelectorAll('th, td')].map((c) => c.textContent ?? '');

const ENTRIES = [
  entry(1, { action: 'auth.impersonation_stop', subject_type: 'user', subject_id: SOFIA.id, subject_name: SOFIA.name }),
  entry(2, { action: 'job.approved', subject_type: 'job', subject_id: JOB, subject_name: 'Forklift driver' }),
  entry(3, { action: 'job.deleted', subject_type: 'job', subject_id: JOB, subject_deleted: true }),
  entry(4, { action: 'employer.register', subject_type: 'employer', subject_id: JOB, subject_name: 'Wombat Builders' }),
];

async function openAudit() {
  fakeApi(list(ENTRIES));
  await mountApp('/acme/audit', { user, scope: { accountId: A, siteId: S, employerId: null } });
  await waitFor(() => expect(rows()).toHaveLength(ENTRIES.length));
}

describe('audit subjects', () => {
  it('labels an impersonation and names the person impersonated, not only their id', async () => {
    await openAudit();
    const [, , , action, subject] = cells(0);
    expect(action).toBe('Impersonation ended');
    expect(subject).toBe(`User${SOFIA.name}${SOFIA.id}`);
  });

  it('names a job and an employer, and says a deleted job is gone', async () => {
    await openAudit();
    expect(cells(1).slice(3, 5)).toEqual(['Job approved', `JobForklift driver${JOB}`]);
    expect(cells(2).slice(3, 5)).toEqual(['Job deleted', `JobDeleted job${JOB}`]);
    expect(cells(3).slice(3, 5)).toEqual(['Employer registered', `EmployerWombat Builders${JOB}`]);
  });

  it('says it in French too', async () => {
    await i18n.changeLanguage('fr');
    await openAudit();
    expect(cells(0)[3]).toBe("Emprunt d'identité terminé");
    expect(cells(2)[4]).toBe(`Offre d'emploiOffre d’emploi supprimée${JOB}`);
  });
});
