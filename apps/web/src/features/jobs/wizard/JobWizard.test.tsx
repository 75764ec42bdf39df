// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { button, cleanup, fakeApi, field, helperOf, J, makeJob, openApp, P1, type } from './wizard.fixtures';
import { queryClient } from '../../../lib/query-client';
import { waitFor } from '../../../test/wait';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(cleanup);

const heading = () => document.querySelector('h2')?.textContent;
const stepButtons = () =>
  [...document.querySelectorAll('nav[aria-label="Job posting steps"] button')].map((b) => ({
    label: b.textContent?.replace(/^\d+/, ''),
    disabled: (b as HTMLButtonElement).disabled,
  }));

describe('job wizard', () => {
  it('opens a clone (no product, no advert dates) at the first incomplete step, earlier steps reachable', async () => {
    fakeApi({ job: makeJob({ cloned_from_id: '00000000-0000-4000-8000-0000000000c1', key_selling_points: ['Free coffee'] }) });
    await openApp(`/acme/jobs/jobs/edit?id=${J}`);
    await waitFor(() => expect(heading()).toBe('Application Preferences'));
    expect(document.querySelector('h1')?.textContent).toBe('Post a job');
    expect(stepButtons()).toEqual([
      { label: 'Job Details', disabled: false },
      { label: 'Additional Details', disabled: false },
      { label: 'Application Preferences', disabled: false },
      { label: 'Screening Questions', disabled: true },
      { label: 'Overview & Confirmation', disabled: true },
      { label: 'Payment & Confirmation', disabled: true },
    ]);
    expect((field('Advert start date') as HTMLInputElement).value).toBe('');
  });

  it('refuses an advert end date in the past on the step itself, not only when posting', async () => {
    const { calls } = fakeApi({ job: makeJob({ cloned_from_id: '00000000-0000-4000-8000-0000000000c1', key_selling_points: ['Free coffee'] }) });
    const router = await openApp(`/acme/jobs/jobs/edit?id=${J}&step=application`);
    await waitFor(() => expect(heading()).toBe('Application Preferences'));
    type(field('Advert end date'), '2020-01-31');
    button('Save and continue').click();
    await waitFor(() => expect(helperOf(field('Advert end date'))).toBe('The end date must be in the future.'));
    expect(calls.filter((c) => c.call === `PATCH /portal/v1/jobs/${J}`)).toEqual([]);
    expect(router.state.location.search).toEqual({ id: J, step: 'application' });
  });

  it('refuses on the step a start date whose advert, left without an end, would be over before posting, as posting does', async () => {
    // A day `n` days from today, as the date input holds it.
    const day = (n: number) => {
      const d = new Date(Date.now() + n * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const patches = (calls: { call: string; body: unknown }[]) => calls.filter((c) => c.call === `PATCH /portal/v1/jobs/${J}`);
    const { calls } = fakeApi({ job: makeJob({ cloned_from_id: '00000000-0000-4000-8000-0000000000c1', key_selling_points: ['Free coffee'] }) });
    await openApp(`/acme/jobs/jobs/edit?id=${J}&step=application`);
    await waitFor(() => expect(heading()).toBe('Application Preferences'));
    // Every product runs 30 days: started 40 days ago, the advert would already have ended.
    type(field('Advert start date'), day(-40));
    const products = () => queryClient.getQueryCache().findAll({ queryKey: ['api', '/v1/site/products'] });
    await waitFor(() => expect(products().map((q) => q.state.status)).toEqual(['success']));
    button('Save and continue').click();
    await waitFor(() => expect(helperOf(field('Advert start date'))).toBe('The end date must be in the future.'));
    expect(patches(calls)).toEqual([]);

    // A start in the past is no refusal by itself: ten days ago leaves twenty to run, and the step saves.
    type(field('Advert start date'), day(-10));
    button('Save and continue').click();
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).toMatchObject({ advert_start_at: expect.any(String), advert_end_at: null });
    await waitFor(() => expect(heading()).toBe('Screening Questions'));
  });

  it('asks before leaving a step with unsaved changes', async () => {
    fakeApi({ job: makeJob({ advert_start_at: '2025-02-01T00:00:00.000Z', advert_end_at: '2025-03-01T00:00:00.000Z' }) });
    const router = await openApp(`/acme/jobs/jobs/edit?id=${J}&step=details`);
    await waitFor(() => expect((field('Job title') as HTMLInputElement).value).toBe('Barista'));
    type(field('Job title'), 'Head barista');
    [...document.querySelectorAll<HTMLButtonElement>('nav button')].find((b) => b.textContent?.endsWith('Additional Details'))!.click();

    const dialog = () => document.querySelector('[role="dialog"]');
    await waitFor(() => expect(dialog()?.textContent).toContain('Leave without saving?'));
    button('Stay on this step').click();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(router.state.location.search).toEqual({ id: J, step: 'details' });

    [...document.querySelectorAll<HTMLButtonElement>('nav button')].find((b) => b.textContent?.endsWith('Additional Details'))!.click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    button('Leave and discard').click();
    await waitFor(() => expect(heading()).toBe('Additional Details'));
  });

  it('edits a live job without a payment step: the overview saves the changes', async () => {
    fakeApi({ job: makeJob({ status: 'live', product: { id: P1, name: 'Standard', duration_days: 30, featured: false } }) });
    const router = await openApp(`/acme/jobs/jobs/edit?id=${J}&step=payment`);
    await waitFor(() => expect(heading()).toBe('Overview & Confirmation'));
    expect(document.querySelector('h1')?.textContent).toBe('Edit job');
    expect(stepButtons().map((s) => s.label)).not.toContain('Payment & Confirmation');
    expect(stepButtons().every((s) => !s.disabled)).toBe(true);
    expect(() => button('Save draft')).toThrow();
    button('Save changes').click();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/jobs/${J}`));
  });
});
