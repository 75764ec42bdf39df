import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (job descriptions, email templates) comes from the portal's editor, but the server never trusts the
 * HTML it is sent (ADR 007): an allow-list of tags and of `href` schemes, everything else dropped, on every write.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Unknown tags go, their text stays; script, style and the like go with their content.
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/**
 * The plain text of sanitised HTML, for search and for the "is there a description" check. Only ever given our own
 * sanitiser's output (known tags, attribute values with `<` and `>` escaped), so stripping tags textually is exact.
 */
export function descriptionText(sanitized: string): string {
  return sanitized
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h2|h3|h4|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => entities[e] ?? e)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

/** Both stored forms of a description. */
export function description(html: string) {
  const clean = sanitizeDescription(html);
  return { description: clean, descriptionText: descriptionText(clean) };
}
