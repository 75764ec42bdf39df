import type { UserLocale } from '@hireline/contract/enums';
import type { NotificationEvent } from '@hireline/contract/notification-events';
import { escapeHtml, htmlToText, renderBrandedEmail } from '../email-layout';
import { chrome, defaultTemplates } from './templates';

export interface EmailBrand {
  name: string;
  color?: string;
  logoUrl?: string | null;
}

/** A site's own subject and body for one event and language (email_templates). */
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

/** `{{name}}` → the value; unknown names stay visible so a typo in a site's template shows in its preview. */
export function fill(template: string, vars: Record<string, string>, escape: boolean): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return escape ? escapeHtml(value) : value;
  });
}

export interface RenderInput {
  event: NotificationEvent;
  locale: UserLocale;
  vars: Record<string, string>;
  brand: EmailBrand;
  override?: TemplateOverride | null;
  /** Absolute URL of the thing the notification is about. */
  actionUrl?: string | null;
  preferencesUrl: string;
}

export function renderNotification(input: RenderInput): Rendered {
  const base = defaultTemplates[input.locale][input.event];
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
    action: input.actionUrl ? { label: base.action, url: input.actionUrl } : undefined,
    footer: fill(words.footer, vars, false),
    preferences: { label: words.preferences, url: input.preferencesUrl },
  });
  return { subject, content: htmlToText(body).replace(/\n+/g, ' '), html, text };
}
