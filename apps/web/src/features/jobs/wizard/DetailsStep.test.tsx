// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { bodiesOf, button, cleanup, E, fakeApi, field, helperOf, openApp, type } from './wizard.fixtures';
import { waitFor } from '../../../test/wait';

// The whole app renders, with lazy chunks and transitions: the test waits for the DOM rather than wrapping in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(cleanup);

const heading = () => document.querySelector('h2')?.textContent;

describe('job wizard, step 1 (Job Details)', () => {
  it('shows the required message for an empty title and sends nothing', async () => {
    const api = fakeApi();
    await openApp('/acme/jobs/jobs/create');
    expect(heading()).toBe('Job Details');
    expect(document.querySelector('[aria-current="step"]')?.textContent).toMatch(/Job Details$/);
    button('Save and continue').click();
    await waitFor(() => expect(helperOf(field('Job title'))).toBe('This field is required.'));
    expect(bodiesOf(api.calls, 'POST /portal/v1/jobs')).toEqual([]);
  });

  it('creates the draft with amounts in cents, then continues at step 2 of the saved job', async () => {
    const api = fakeApi();
    const router = await openApp('/acme/jobs/jobs/create');
    // Employer staff with one employer: it is chosen for them and cannot be changed.
    const employer = field('Employer') as HTMLInputElement;
    await waitFor(() => expect(employer.value).toBe('Acme Pty Ltd'));
    expect(employer.readOnly).toBe(true);

    type(field('Job title'), '  Senior barista ');
    await waitFor(() => expect([...(field('Work type') as HTMLSelectElement).options].map((o) => o.text)).toContain('Full time'));
    type(field('Work type'), 'full_time');
    type(field('Pay range from'), '30');
    type(field('Pay range to'), '32.50');
    type(field('Salary range from'), '45,000');
    type(field('Salary range to'), '55000.5');
    button('Save and continue').click();

    await waitFor(() => expect(bodiesOf(api.calls, 'POST /portal/v1/jobs')).toHaveLength(1));
    expect(bodiesOf(api.calls, 'POST /portal/v1/jobs')[0]).toMatchObject({
      title: 'Senior barista',
      employer_id: E,
      consultant_id: null,
      work_type: 'full_time',
      pay_min_cents: 3000,
      pay_max_cents: 3250,
      salary_min_cents: 4500000,
      salary_max_cents: 5500050,
      reference_number: null,
    });
    const id = api.job()!.id;
    await waitFor(() => expect(heading()).toBe('Additional Details'));
    expect(router.state.location.pathname).toBe('/acme/jobs/jobs/edit');
    expect(router.state.location.search).toEqual({ id, step: 'additional' });
    // Focus moves to the new step's heading; the stepper marks it as the current step.
    expect(document.activeElement?.textContent).toBe('Additional Details');
    expect(document.querySelector('[aria-current="step"]')?.textContent).toMatch(/Additional Details$/);
  });

  it('shows the contract rule when the maximum pay is below the minimum', async () => {
    const api = fakeApi();
    await openApp('/acme/jobs/jobs/create');
    type(field('Job title'), 'Barista');
    type(field('Pay range from'), '40');
    type(field('Pay range to'), '30');
    button('Save and continue').click();
    await waitFor(() => expect(helperOf(field('Pay range to'))).toBe('The maximum must be at least the minimum.'));
    expect(bodiesOf(api.calls, 'POST /portal/v1/jobs')).toEqual([]);
  });
});
