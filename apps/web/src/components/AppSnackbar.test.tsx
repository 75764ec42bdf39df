// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../test/i18n';
import { snackbar } from '../lib/snackbar';
import { AppSnackbar } from './AppSnackbar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(<AppSnackbar />));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  snackbar.close();
  vi.useRealTimers();
});

const alert = () => document.querySelector('[role="alert"]');

describe('AppSnackbar', () => {
  it('shows an error with its capitalised type above the message and an alert icon', () => {
    act(() => snackbar.show('Your session has expired.', 'error'));
    expect(alert()?.textContent).toContain('Error');
    expect(alert()?.textContent).toContain('Your session has expired.');
    expect(alert()?.querySelector('.MuiAlertTitle-root')?.textContent).toBe('Error');
    expect(alert()?.querySelector('.MuiAlert-icon svg')).not.toBeNull();
  });

  it('keeps an error for 10 s and other messages for 5 s', () => {
    act(() => snackbar.show('Saved.', 'success'));
    expect(alert()?.querySelector('.MuiAlertTitle-root')).toBeNull();
    act(() => vi.advanceTimersByTime(4900));
    expect(snackbar.get().open).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(snackbar.get().open).toBe(false);

    act(() => snackbar.show('Boom.', 'error'));
    act(() => vi.advanceTimersByTime(9900));
    expect(snackbar.get().open).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(snackbar.get().open).toBe(false);
  });

  it('closes from its labelled close button', () => {
    act(() => snackbar.show('Hello.', 'info'));
    const close = document.querySelector<HTMLButtonElement>('button[aria-label="Close"]');
    expect(close).not.toBeNull();
    act(() => close!.click());
    expect(snackbar.get().open).toBe(false);
  });
});
