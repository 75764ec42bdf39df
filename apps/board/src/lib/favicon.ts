import type { Branding } from '@hireline/contract/branding';

/** Shows the account's favicon (else its square logo) in place of the board's default, when it has one. */
export function showFavicon(branding: Branding | null) {
  const icon = branding ? branding.branding.favicon || branding.logo_square : null;
  const link = document.getElementById('app-favicon') as HTMLLinkElement | null;
  if (icon && link) link.href = icon;
}
