/** Minimal, email-client-safe layout: a heading, paragraphs and one button, with a plain-text twin. */
export interface SimpleEmail {
  brand: string;
  color?: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderSimpleEmail(e: SimpleEmail): { html: string; text: string } {
  const color = /^#[0-9a-fA-F]{6}$/.test(e.color ?? '') ? e.color! : '#7367F0';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5fa;font-family:Arial,Helvetica,sans-serif;color:#2f2b3d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-size:14px;color:${color};font-weight:bold;padding-bottom:16px">${esc(e.brand)}</td></tr>
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${esc(e.heading)}</td></tr>
${e.paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:22px;padding-bottom:12px">${esc(p)}</td></tr>`).join('\n')}
${
  e.action
    ? `<tr><td style="padding:12px 0 20px"><a href="${esc(e.action.url)}" style="background:${color};color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold">${esc(e.action.label)}</a></td></tr>
<tr><td style="font-size:12px;color:#6d6b77;word-break:break-all">${esc(e.action.url)}</td></tr>`
    : ''
}
${e.footer ? `<tr><td style="font-size:12px;color:#6d6b77;padding-top:20px">${esc(e.footer)}</td></tr>` : ''}
</table></td></tr></table></body></html>`;
  const text = [e.brand, '', e.heading, '', ...e.paragraphs, ...(e.action ? ['', `${e.action.label}: ${e.action.url}`] : []), ...(e.footer ? ['', e.footer] : [])].join('\n');
  return { html, text };
}
