/* Writing XML by hand safely: every text goes through one of these, never straight into the document. */

/** Characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/FFFF): dropped, not escaped. */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const xmlChars = (text: string) => text.replace(notXmlChar, '');

/** Text as a CDATA section; a `]]>` inside is split across two sections so it cannot end the first early. */
export const cdata = (text: string | null | undefined) => `<![CDATA[${xmlChars(text ?? '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as escaped character data (sitemap locations, which may not be CDATA). */
export const escapeXml = (text: string) => xmlChars(text).replace(/[&<>"']/g, (c) => escapes[c]!);

/** `<name><![CDATA[text]]></name>` */
export const cdataElement = (name: string, text: string | null | undefined) => `<${name}>${cdata(text)}</${name}>`;
