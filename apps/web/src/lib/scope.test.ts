import { describe, expect, it } from 'vitest';
import { reconcileScope } from './scope';

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

  it('is empty for a user without accounts', () => {
    expect(reconcileScope({ accounts: [], permissions: {} }, { accountId: A, siteId: S1, employerId: null })).toEqual({
      accountId: null,
      siteId: null,
      employerId: null,
    });
  });
});
