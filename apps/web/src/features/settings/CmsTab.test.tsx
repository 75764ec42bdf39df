// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, cleanup, dialog, labelled, main, openSettings, S, settingsApi } from './settings.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const ROTATED = 'cms-secret-rotated-0123456789abcdefghijklmnopq';
const ROTATE = 'POST /portal/v1/cms/auth/secret';
const shown = (text: string) => document.body.innerHTML.includes(text);
const titled = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === title,
  );

describe('CMS tab', () => {
  it("rotates the site's CMS secret after asking, shows the new one once with a copy button, and forgets it", async () => {
    const { calls } = settingsApi((method, url) =>
      method === 'POST' && url.pathname === '/portal/v1/cms/auth/secret' ? { secret: ROTATED, rotated_at: '2026-11-28T08:00:00.000Z' } : undefined,
    );
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await openSettings('/acme/jobs/settings?tab=cms');
    (await button('Rotate secret', main())).click();
    await waitFor(() => expect(dialog()?.textContent).toContain('the current one stops working at once'));
    // Cancelling (the focused button) sends nothing.
    expect(document.activeElement?.textContent).toBe('Cancel');
    (await button('Cancel', dialog()!)).click();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls).not.toContain(ROTATE);

    (await button('Rotate secret', main())).click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    (await button('Rotate secret', dialog()!)).click();
    await waitFor(() => expect(calls.filter((c) => c === ROTATE)).toHaveLength(1));
    await waitFor(() => expect((labelled('CMS secret') as HTMLInputElement | null)?.value).toBe(ROTATED));
    const secretDialog = titled('Copy the new CMS secret')!;
    expect(secretDialog).toBeDefined();
    expect(secretDialog.textContent).toContain('This secret will not be shown again.');
    (await button('Copy the CMS secret', secretDialog)).click();
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ROTATED));
    (await button('I have copied it', secretDialog)).click();
    await waitFor(() => expect(shown(ROTATED)).toBe(false));
    writeText.mockRestore();
  });

  it('offers no rotation to someone who may only view the settings', async () => {
    settingsApi();
    await openSettings('/acme/jobs/settings?tab=cms', { [`site:${S}`]: ['settings.view'] });
    await button('Get CMS token', main());
    expect(main().textContent).not.toContain('Rotate secret');
  });
});
