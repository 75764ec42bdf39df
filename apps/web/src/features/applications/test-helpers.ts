import { waitFor } from '../../test/wait';

/**
 * Picks `option` in the MUI select labelled `label`, the way a pointer user does (press, then choose); returns every
 * option that was offered.
 */
export async function pickOption(label: string, option: string, scope: ParentNode = document): Promise<string[]> {
  // A select is named by its label through aria-labelledby (MUI renders that label as a <div>).
  const combo = [...scope.querySelectorAll<HTMLElement>('[role="combobox"][aria-labelledby]')].find((c) =>
    c
      .getAttribute('aria-labelledby')!
      .split(' ')
      .some((labelId) => document.getElementById(labelId)?.textContent?.replace(/\s*\*$/, '').trim() === label),
  );
  if (!combo) throw new Error(`No select labelled ${label}`);
  combo.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  const offered = await waitFor(() => {
    const all = [...document.querySelectorAll<HTMLElement>('[role="listbox"] [role="option"]')];
    if (!all.some((o) => o.textContent?.trim() === option)) throw new Error(`No option ${option}`);
    return all;
  });
  offered.find((o) => o.textContent?.trim() === option)!.click();
  // The menu fades out; under a loaded test run that can take a while.
  await waitFor(
    () => {
      if (document.querySelector('[role="listbox"]')) throw new Error('still open');
    },
  );
  return offered.map((o) => o.textContent?.trim() ?? '');
}

// The portal's one wait helper, re-exported so these tests import their helpers from one place.
export { waitFor };
