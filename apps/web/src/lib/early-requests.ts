/*
 * The requests public/early.js sends before the app's code has downloaded (the branding, then who is signed in).
 * The app takes an answer only for the very request it would send itself: same URL and, for /auth/me, the same
 * token and branding id. Each answer is taken once; a later call (a refetch) sends its own request.
 */

interface EarlyBranding {
  url: string;
  response: Promise<Response>;
}

interface EarlyMe {
  url: string;
  token: string;
  /** The branding id it was sent with; set once the branding has answered. */
  brandingId: string | null;
  /** Null when early.js could not send it as the app would. */
  response: Promise<Response | null>;
}

interface Early {
  branding?: EarlyBranding;
  me?: EarlyMe;
}

const early = (): Early | undefined => (typeof window === 'undefined' ? undefined : (window as { __hirelineEarly?: Early }).__hirelineEarly);

/** The early branding answer, when it asked for `url`. */
export function takeEarlyBranding(url: string): Promise<Response> | undefined {
  const requests = early();
  const sent = requests?.branding;
  if (!requests || !sent) return undefined;
  delete requests.branding;
  return sent.url === url ? sent.response : undefined;
}

/** The early answer to /auth/me, when it was sent to `url` with this token and branding id (null otherwise). */
export function takeEarlyMe(url: string, token: string | null, brandingId: string | undefined): Promise<Response | null> | undefined {
  const requests = early();
  const sent = requests?.me;
  if (!requests || !sent) return undefined;
  delete requests.me;
  if (sent.url !== url || sent.token !== token || !brandingId) return undefined;
  return sent.response.then((response) => (response && sent.brandingId === brandingId ? response : null));
}
