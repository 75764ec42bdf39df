/** Email-client-safe layout (tables, inline styles): the brand, a heading, a body, one button, a footer; plus a plain-text twin. */
export interface BrandedEmail {
  brand: string;
  color?: string;
  /** An absolute URL; shown instead of the brand's name when set. */
  logoUrl?: string | null;
  lang?: string;
  heading: string;
  /** Trusted HTML: our templates, or a site's override after the rich-text sanitiser, with escaped values filled in. */
  bodyHtml: string;
  action?: { label: string; url: string };
  footer?: string;
  /** The unsubscribe-style link to the recipient's notification settings. */
  preferences?: { label: string; url: string };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ' };

/** The text of the small HTML our templates and the sanitiser produce: blocks become lines, list items get a dash. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|li|h2|h3|h4|blockquote|ul|ol)>/gi, '\n\n')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => `${label} (${href})`)
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (e) => entities[e] ?? e)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const RTL = new Set(['ar']);

export function renderBrandedEmail(e: BrandedEmail): { html: string; text: string } {
  const color = /^#[0-9a-fA-F]{6}$/.test(e.color ?? '') ? e.color! : '#7367F0';
  const lang = e.lang ?? 'en';
  const dir = RTL.has(lang) ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const brandCell = e.logoUrl
    ? `<img src="${escapeHtml(e.logoUrl)}" alt="${escapeHtml(e.brand)}" height="40" style="display:block;height:40px;max-width:240px">`
    : escapeHtml(e.brand);
  const body = e.bodyHtml.replace(/<p>/g, '<p style="margin:0 0 12px">');
  const html = `<!doctype html><html lang="${escapeHtml(lang)}" dir="${dir}"><body style="margin:0;background:#f4f5fa;font-family:Arial,Helvetica,sans-serif;color:#2f2b3d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px;text-align:${align}">
<tr><td style="font-size:14px;color:${color};font-weight:bold;padding-bottom:16px">${brandCell}</td></tr>
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(e.heading)}</td></tr>
<tr><td style="font-size:15px;line-height:22px;padding-bottom:8px">${body}</td></tr>
${
  e.action
    ? `<tr><td style="padding:12px 0 20px"><a href="${escapeHtml(e.action.url)}" style="background:${color};color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold">${escapeHtml(e.action.label)}</a></td></tr>
<tr><td style="font-size:12px;color:#6d6b77;word-break:break-all" dir="ltr">${escapeHtml(e.action.url)}</td></tr>`
    : ''
}
${e.footer ? `<tr><td style="font-size:12px;color:#6d6b77;padding-top:20px">${escapeHtml(e.footer)}</td></tr>` : ''}
${e.preferences ? `<tr><td style="font-size:12px;padding-top:8px"><a href="${escapeHtml(e.preferences.url)}" style="color:${color}">${escapeHtml(e.preferences.label)}</a></td></tr>` : ''}
</table></td></tr></table></body></html>`;
  const text = [
    e.brand,
    '',
    e.heading,
    '',
    htmlToText(e.bodyHtml),
    ...(e.action ? ['', `${e.action.label}: ${e.action.url}`] : []),
    ...(e.footer ? ['', e.footer] : []),
    ...(e.preferences ? ['', `${e.preferences.label}: ${e.preferences.url}`] : []),
  ].join('\n');
  return { html, text };
}
