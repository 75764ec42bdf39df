import { messages } from '@hireline/contract/messages';
import { formKeys, type FormKey } from '@hireline/contract/site-settings';
import { defaultSiteSettings, type FormSetting, type SiteSettings } from '../db/defaults';
import { hmac } from './crypto';
import { HttpError } from './errors';
import { OutboundRefused } from './outbound-http';

/*
 * The board's forms (application, employer registration, job report, feedback) as each site configures them
 * (DESIGN §5): switched off, or misconfigured, a form answers the spec's messages; with the `webhook` handler the
 * submission is stored as usual and also POSTed, signed, to the site's URL.
 */

/** Stored settings over the defaults, so a key added since a site was created still reads as its default. */
export function settingsOf(stored: Partial<SiteSettings> | null | undefined): SiteSettings {
  const s = stored ?? {};
  const forms = Object.fromEntries(
    formKeys.map((k) => {
      const f = { ...defaultSiteSettings.forms[k], ...s.forms?.[k] };
      return [k, { enabled: f.enabled, handler: f.handler, url: f.url ?? null, secret: f.secret ?? null }];
    }),
  ) as SiteSettings['forms'];
  return { ...defaultSiteSettings, ...s, forms };
}

/** The form if the board may take it now; otherwise 403 with the spec's message for what is wrong with it. */
export function openForm(settings: SiteSettings, key: FormKey): FormSetting {
  const form = settings.forms[key];
  if (!form.enabled) throw new HttpError(403, messages.formNotAvailable);
  if (!form.handler) throw new HttpError(403, messages.noFormHandler);
  if (form.handler !== 'internal' && form.handler !== 'webhook') throw new HttpError(403, messages.invalidFormHandler);
  if (form.handler === 'webhook') {
    if (!form.url) throw new HttpError(403, messages.noFormUrl);
    if (!/^https:\/\/[^\s]+$/.test(form.url)) throw new HttpError(403, messages.invalidFormUrl);
  }
  return form;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the receiver recomputes it with the site's secret. */
export function webhookSignature(secret: string, body: string, now = Date.now()) {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

export interface WebhookLog {
  warn(obj: object, msg: string): void;
}

/**
 * Sends a stored submission to the form's webhook after the transaction that stored it has committed: three tries,
 * 1 s and 5 s apart, then logged. The submission is already safe in the database either way, so a receiver that is
 * down loses only the copy (documented in docs/board.md).
 */
export function sendFormWebhook(
  form: FormSetting,
  event: `${FormKey}.submitted`,
  data: Record<string, unknown>,
  log: WebhookLog,
  /** The server's outbound client (outbound-http.ts): a receiver on a private address is refused when connecting. */
  fetcher: typeof fetch,
): Promise<boolean> {
  if (form.handler !== 'webhook' || !form.url) return Promise.resolve(false);
  const body = JSON.stringify({ event, created_at: new Date().toISOString(), data });
  const attempt = async (n: number): Promise<boolean> => {
    try {
      const res = await fetcher(form.url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hireline-signature': webhookSignature(form.secret ?? '', body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return true;
      throw new Error(`HTTP ${res.status}`);
    } catch (err) {
      // A receiver on a private or loopback address is refused the same way on every try: say so once.
      if (err instanceof OutboundRefused) {
        log.warn({ err, event, url: form.url }, 'form webhook refused: its address is not reachable from this server');
        return false;
      }
      if (n >= 3) {
        log.warn({ err, event, url: form.url }, 'form webhook not delivered');
        return false;
      }
      await new Promise((r) => setTimeout(r, n === 1 ? 1000 : 5000));
      return attempt(n + 1);
    }
  };
  return attempt(1);
}
