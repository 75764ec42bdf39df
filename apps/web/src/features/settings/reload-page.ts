/** Reloads the portal (its own module, so component tests can stand in for it). */
export function reloadPage() {
  window.location.reload();
}
