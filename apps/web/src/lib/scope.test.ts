import { describe, expect, it } from 'vitest';
import { canChooseEmployer, reconcileScope } from './scope';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const S1 = '00000000-0000-4000-8000-0000000000a1';
const S2 = '00000000-0000-4000-8000-0000000000b1';
const E1 = '00000000-0000-4000-8000-0000000000e1';
const accounts = [
  { id: A, name: 'Acme', slug: 'acme', sites: [{ id: S1, name: 'Acme Jobs', slug: 'jobs', employers: [{ id: E1, name: 'Shop' }] }] },
  { id: B, name: 'Globex', slug: 'globex', sites: [{ id: S2, name: 'Globex Jobs', slug: 'jobs', employers: [] }] },
];

describe('reconcileScope', () => {
  it('keeps a valid stored selection', () => {
    expect(reconcileScope({ accounts, permissions: {} }, { accountId: B, siteId: S2, employerId: null })).toEqual({
      accountId: B,
      siteId: S2,
      employerId: null,
    });
  });

  it('falls back to the first account and site when the stored ones are gone', () => {
    expect(reconcileScope({ accounts, permissions: {} }, { accountId: 'gone', siteId: 'gone', employerId: 'gone' })).toEqual({
      accountId: A,
      siteId: S1,
      employerId: null,
    });
  });

  it('selects the employer an employer user belongs to', () => {
    const permissions = { [`employer:${E1}`]: ['jobs.view'] };
    expect(reconcileScope({ accounts, permissions }, { accountId: null, siteId: null, employerId: null }).employerId).toBe(E1);
  });

  it('keeps an employer that site-wide staff chose at the same site, and drops it with another site', () => {
    const chosen = '00000000-0000-4000-8000-0000000000e9';
    const manager = { accounts, permissions: { [`site:${S1}`]: ['credits.view'] } };
    expect(reconcileScope(manager, { accountId: A, siteId: S1, employerId: chosen }).employerId).toBe(chosen);
    expect(reconcileScope(manager, { accountId: A, siteId: 'gone', employerId: chosen }).employerId).toBeNull();
    // An employer user cannot pick an employer they do not belong to.
    const employerUser = { accounts, permissions: { [`employer:${E1}`]: ['credits.view'] } };
    expect(reconcileScope(employerUser, { accountId: A, siteId: S1, employerId: chosen }).employerId).toBe(E1);
  });

  it('lets site-wide staff choose an employer, not the member of one employer', () => {
    const scope = { accountId: A, siteId: S1, employerId: null };
    expect(canChooseEmployer({ accounts, permissions: { [`account:${A}`]: ['all'] } }, scope)).toBe(true);
    expect(canChooseEmployer({ accounts, permissions: { [`employer:${E1}`]: ['credits.view'] } }, scope)).toBe(false);
  });

  it('is empty for a user without accounts', () => {
    expect(reconcileScope({ accounts: [], permissions: {} }, { accountId: A, siteId: S1, employerId: null })).toEqual({
      accountId: null,
      siteId: null,
      employerId: null,
    });
  });
});
