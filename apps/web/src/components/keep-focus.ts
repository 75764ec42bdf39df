/**
 * After a dialog closes MUI returns the focus to the control that opened it. When the action removed that control
 * (the bulk bar once the selection is cleared, a button the job's new status no longer allows), the focus would
 * fall to <body>: it goes to the page's main region instead, so keyboard and screen reader users keep their place.
 */
export function keepFocusInPage() {
  // After the modal has unmounted and tried to restore the focus itself.
  setTimeout(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) document.querySelector<HTMLElement>('main')?.focus();
  }, 0);
}
