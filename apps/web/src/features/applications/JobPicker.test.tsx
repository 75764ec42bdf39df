// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labelled } from '../../test/app-harness';
import { cleanup, fakeApi, openApp, type } from './applications.fixtures';
import { waitFor } from './test-helpers';

afterEach(cleanup);

const job = (n: number, name: string, reference: string | null, employer: string) => ({
  id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
  name,
  reference_number: reference,
  employer_name: employer,
});
// Two employers post the same title; the site has a third job besides.
const FORKLIFT_A = job(1, 'Forklift driver', 'WH-100', 'Acme Logistics');
const FORKLIFT_B = job(2, 'Forklift driver', 'WH-200', 'Northwind Freight');
const NURSE = job(3, 'Night nurse', null, 'Acme Health');

/** The lookup answers by title, as the API does. */
function api() {
  return fakeApi((method, url) => {
    if (method === 'GET' && url.pathname === '/portal/v1/applications') return { data: [], meta: { page: 1, per_page: 25, total: 0 } };
    if (method === 'GET' && url.pathname === '/portal/v1/applications/counts') return { total: 0, by_status: [] };
    if (method === 'GET' && url.pathname === '/portal/v1/site/lookups/jobs') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return [FORKLIFT_A, FORKLIFT_B, NURSE].filter((j) => j.name.toLowerCase().includes(q));
    }
    return undefined;
  });
}

const options = () => [...document.querySelectorAll<HTMLElement>('[role="listbox"] [role="option"]')];
const texts = () => options().map((o) => o.textContent);

describe("the applications list's Job picker", () => {
  it('offers only the jobs that match what was typed, each told apart by its reference and employer', async () => {
    const errors = vi.spyOn(console, 'error');
    const { calls } = api();
    const router = await openApp('/acme/jobs/applications', ['applications.all', 'jobs.view']);
    const input = await waitFor(() => labelled('Job') as HTMLInputElement);
    type(input, 'f');
    await waitFor(() => expect(texts()).toEqual(['Forklift driverWH-100 · Acme Logistics', 'Forklift driverWH-200 · Northwind Freight']));
    type(input, 'nurse');
    await waitFor(() => expect(calls).toContain('GET /portal/v1/site/lookups/jobs?q=nurse'));
    await waitFor(() => expect(texts()).toEqual(['Night nurseAcme Health']));
    // Two jobs with one title are two options, not one key rendered twice.
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('same key'))).toEqual([]);

    options()[0]!.click();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ job_id: NURSE.id }));
  });
});
