/*
 * The development mail viewer shows account staff their account's mail, and that mail includes links that are
 * credentials: set-password and reset links, email confirmations, invitations. Whoever follows one becomes the
 * recipient, so outside the enterprise level the viewer shows such links with their secret part hidden. What counts
 * as a secret is decided by the link's query, not by the kind of email, so a new email with a token is covered too.
 */

/** Query parameters that carry a credential in any link the product sends. */
const SECRET_PARAMS = ['token', 'code', 'signature', 'key'];

const secretInQuery = new RegExp(`([?&](?:amp;)?(?:${SECRET_PARAMS.join('|')})=)[^&\\s"'<>#]+`, 'gi');

export const HIDDEN = 'hidden-in-the-mail-viewer';

export function redactCredentialLinks(body: string): string {
  return body.replace(secretInQuery, `$1${HIDDEN}`);
}
