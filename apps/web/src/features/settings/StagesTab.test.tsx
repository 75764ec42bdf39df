// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applicationStatuses } from '@hireline/contract/enums';
import { bodiesOf, button, cleanup, expectSnackbar, main, openSettings, settingsApi, STAGES, type } from './settings.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const order = () => [...main().querySelectorAll<HTMLElement>('li[data-stage]')].map((li) => li.dataset.stage);
const row = (status: string) => main().querySelector<HTMLElement>(`li[data-stage="${status}"]`)!;
const fieldIn = (scope: HTMLElement, label: string) => {
  const found = [...scope.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  return document.getElementById(found!.htmlFor) as HTMLInputElement;
};

describe('Application stages tab', () => {
  it('moves a stage with its buttons, keeps the focus on it, and saves the new order with every field', async () => {
    const { calls } = settingsApi((method, url, body) =>
      method === 'PUT' && url.pathname === '/portal/v1/site/application-stages'
        ? (body as object[]).map((s, position) => ({ ...s, position }))
        : undefined,
    );
    await openSettings('/acme/jobs/settings?tab=stages');
    await waitFor(() => expect(order()).toEqual([...applicationStatuses]));
    const save = await button('Save changes');
    expect(save.disabled).toBe(true);
    // The first stage cannot go up, the last cannot go down.
    expect((await button('Move Applied up')).disabled).toBe(true);
    expect((await button('Move Withdrawn down')).disabled).toBe(true);

    (await button('Move New up')).click();
    await waitFor(() => expect(order().slice(0, 3)).toEqual(['applied', 'new', 'registered']));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move New up'));
    (document.activeElement as HTMLButtonElement).click();
    await waitFor(() => expect(order().slice(0, 3)).toEqual(['new', 'applied', 'registered']));
    // At the top its "up" button is off: the focus goes to its "down" button.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move New down'));

    type(fieldIn(row('shortlisted'), 'Colour'), '#00AA55');
    expect(row('shortlisted').querySelector<HTMLInputElement>('input[type="color"]')!.value).toBe('#00aa55');
    await waitFor(() => expect(save.disabled).toBe(false));
    save.click();

    await waitFor(() => expect(bodiesOf(calls, 'PUT /portal/v1/site/application-stages')).toHaveLength(1));
    const [sent] = bodiesOf(calls, 'PUT /portal/v1/site/application-stages') as { status: string; color: string }[][];
    expect(sent!.map((s) => s.status)).toEqual(['new', 'applied', 'registered', ...applicationStatuses.slice(3)]);
    expect(sent!.find((s) => s.status === 'shortlisted')).toEqual({
      status: 'shortlisted',
      label: 'Shortlisted',
      color: '#00AA55',
      visible: true,
      email_admin: false,
      email_consultants: true,
      email_candidate: true,
    });
    await expectSnackbar('Application stages saved.');
  });

  it('refuses a colour that is not #RRGGBB before sending', async () => {
    const { calls } = settingsApi();
    await openSettings('/acme/jobs/settings?tab=stages');
    await waitFor(() => expect(order()).toHaveLength(STAGES.length));
    const color = fieldIn(row('offered'), 'Colour');
    type(color, 'teal');
    (await button('Save changes')).click();
    await waitFor(() => expect(color.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(color.getAttribute('aria-describedby')!)?.textContent).toBe('Enter a colour as #RRGGBB.');
    expect(calls.some((c) => c.startsWith('PUT '))).toBe(false);
  });
});
