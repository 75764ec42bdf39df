// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, cleanup, fakeApi, openApp, summary } from './jobs.fixtures';
import { waitFor } from '../../test/wait';

/*
 * A list on a 390 px phone (the shared ListTable, FilterPanel and BulkActionsBar, shown on the jobs list): rows are
 * cards with every column under its header, the filters wait behind a button that counts the ones set, and the bulk
 * bar sticks under the app bar.
 */

const WIDTH = 390;

/** A viewport `WIDTH` wide: min-/max-width queries answer as a phone's would; nothing else matches. */
function phone() {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || WIDTH <= Number(max[1])) && (!min || WIDTH >= Number(min[1])) && Boolean(max || min);
    return { matches, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false };
  });
}

const MANAGER = ['jobs.all', 'flagged_jobs.all', 'job_feedbacks.all'];
const api = () =>
  fakeApi((method, url) =>
    method === 'GET' && url.pathname === '/portal/v1/jobs'
      ? { data: [summary(1), summary(2, { status: 'unlisted' })], meta: { page: 1, per_page: 25, total: 2 } }
      : undefined,
  );
const cards = () => [...document.querySelectorAll<HTMLElement>('main ul[aria-label="Jobs"] > li')];
/** A card's values by their headers. */
const fields = (card: HTMLElement) =>
  Object.fromEntries([...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

beforeEach(phone);
afterEach(cleanup);

describe('a list on a phone', () => {
  it('shows each row as a card with its status, and no table wider than the screen', async () => {
    api();
    await openApp('/acme/jobs/jobs', MANAGER);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(document.querySelector('main table')).toBeNull();
    expect(cards()[0]!.querySelector('a')?.textContent).toBe('Job 1');
    expect(fields(cards()[0]!)['Status']).toBe('Live');
    expect(fields(cards()[1]!)['Status']).toBe('Unlisted');
    // The headers' sort, as a select.
    expect(document.querySelector('main')!.textContent).toContain('Sort by');
  });

  it('keeps the filters behind a button that counts the ones set, and opens them in place', async () => {
    api();
    await openApp('/acme/jobs/jobs?status=live&status=draft&flagged=true&q=fork', MANAGER);
    await waitFor(() => expect(cards()).toHaveLength(2));
    const filters = document.querySelector('main section[aria-label="Filters"]')!;
    expect(filters.querySelector('input[type="search"]')).not.toBeNull();
    // Status and flagged are set; the search box shows itself, so it is not counted.
    const button = byText('Filters (2)', filters)!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(byText('Draft', filters)).toBeUndefined();
    button.click();
    await waitFor(() => expect(byText('Draft', filters)?.getAttribute('aria-pressed')).toBe('true'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('selects cards and keeps the bulk bar in sight', async () => {
    api();
    await openApp('/acme/jobs/jobs', MANAGER);
    await waitFor(() => expect(cards()).toHaveLength(2));
    cards()[1]!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    const bar = await waitFor(() => {
      const region = document.querySelector<HTMLElement>('main [role="region"][aria-label="Bulk actions"]');
      if (!region) throw new Error('no bulk bar');
      return region;
    });
    expect(bar.textContent).toContain('1 selected');
    expect(getComputedStyle(bar).position).toBe('sticky');
  });
});
