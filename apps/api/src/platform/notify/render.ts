import { htmlTemplateVariables, isNotificationEvent, type EmailKind } from '@hireline/contract/email-kinds';
import type { UserLocale } from '@hireline/contract/enums';
import { escapeHtml, htmlToText, renderBrandedEmail } from '../email-layout';
import { chrome, defaultTemplates } from './templates';

export interface EmailBrand {
  name: string;
  color?: string;
  logoUrl?: string | null;
}

/** A site's own subject and body for one kind and language (email_templates). */
export interface TemplateOverride {
  subject: string;
  body: string;
}

export interface Rendered {
  subject: string;
  /** The in-app notification's text. */
  content: string;
  html: string;
  text: string;
}

/**
 * `{{name}}` → the value; unknown names stay visible so a typo in a site's template shows in its preview. With
 * `escape`, every value is escaped but the pre-rendered HTML ones (`htmlTemplateVariables`), which the code built
 * from escaped values.
 */
export function fill(template: string, vars: Record<string, string>, escape: boolean): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return escape && !htmlTemplateVariables.includes(name) ? escapeHtml(value) : value;
  });
}

export interface RenderInput {
  kind: EmailKind;
  locale: UserLocale;
  vars: Record<string, string>;
  brand: EmailBrand;
  override?: TemplateOverride | null;
  /** Absolute URL of the button (the thing the email is about, the link to follow). */
  actionUrl?: string | null;
  /** The notification settings link; only notification events carry it. */
  preferencesUrl?: string | null;
}

/**
 * Any email: the site's (or account's) wording for the recipient's language when it saved one, else ours; the
 * tenant's brand on top and its name in the footer.
 */
export function renderEmail(input: RenderInput): Rendered {
  const base = defaultTemplates[input.locale][input.kind];
  const notification = isNotificationEvent(input.kind);
  const words = chrome[input.locale];
  const vars: Record<string, string> = { site_name: input.brand.name, ...input.vars };
  const subject = fill(input.override?.subject ?? base.subject, vars, false).replace(/\s+/g, ' ').trim();
  const body = fill(input.override?.body ?? base.body, vars, true);
  const greeting = vars.recipient_name ? `<p>${fill(words.greeting, vars, true)}</p>` : '';
  const { html, text } = renderBrandedEmail({
    brand: input.brand.name,
    color: input.brand.color,
    logoUrl: input.brand.logoUrl,
    lang: input.locale,
    heading: subject,
    bodyHtml: greeting + body,
    action: input.actionUrl && base.action ? { label: base.action, url: input.actionUrl } : undefined,
    footer: fill(notification ? words.footer : words.sentBy, vars, false),
    preferences: notification && input.preferencesUrl ? { label: words.preferences, url: input.preferencesUrl } : undefined,
  });
  return { subject, content: htmlToText(body).replace(/\n+/g, ' '), html, text };
}
