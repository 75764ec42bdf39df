import { vi } from 'vitest';

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
  const offered = await vi.waitFor(() => {
    const all = [...document.querySelectorAll<HTMLElement>('[role="listbox"] [role="option"]')];
    if (!all.some((o) => o.textContent?.trim() === option)) throw new Error(`No option ${option}`);
    return all;
  }, { timeout: 5000 });
  offered.find((o) => o.textContent?.trim() === option)!.click();
  // The menu fades out; under a loaded test run that can take a while.
  await vi.waitFor(
    () => {
      if (document.querySelector('[role="listbox"]')) throw new Error('still open');
    },
    { timeout: 5000 },
  );
  return offered.map((o) => o.textContent?.trim() ?? '');
}

/** `vi.waitFor` with room for a loaded machine: several suites render the whole app at once. */
export const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5000 });
