/*
 * A strict reader of the XML subset the feeds write (declaration, elements, attributes, text, entity and character
 * references, CDATA, comments), for tests: no XML parser is among the dependencies. It throws on anything that is
 * not well-formed, so a test that reads a feed through it also proves the feed parses.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The text and CDATA directly inside, references resolved. */
  text: string;
}

const NAME = /[A-Za-z_][\w.:-]*/y;
const SPACE = /[ \t\r\n]*/y;
const BAD_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function parseXml(src: string): XmlElement {
  if (BAD_CHAR.test(src)) throw new Error('character not allowed in XML');
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i}: ${JSON.stringify(src.slice(i, i + 40))}`);
  };
  const sticky = (re: RegExp) => {
    re.lastIndex = i;
    const m = re.exec(src);
    if (m) i += m[0].length;
    return m?.[0] ?? '';
  };
  const skipSpace = () => sticky(SPACE);
  const expect = (s: string) => (src.startsWith(s, i) ? (i += s.length) : fail(`expected ${s}`));
  const until = (end: string) => {
    const j = src.indexOf(end, i);
    if (j < 0) fail(`unterminated, expected ${end}`);
    const body = src.slice(i, j);
    i = j + end.length;
    return body;
  };
  const unescape = (text: string) => {
    if (/&(?![a-z]+;|#\d+;|#x[0-9a-f]+;)/i.test(text) || text.includes('<')) fail('bare & or <');
    return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (_, ref: string) => {
      if (ref[0] === '#') return String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
      return named[ref] ?? fail(`unknown entity &${ref};`);
    });
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (src.startsWith('<!--', i)) until('-->');
      else return;
    }
  };

  function element(): XmlElement {
    expect('<');
    const name = sticky(NAME) || fail('element name');
    const attrs: Record<string, string> = {};
    for (;;) {
      const spaced = skipSpace();
      if (src.startsWith('/>', i)) {
        i += 2;
        return { name, attrs, children: [], text: '' };
      }
      if (src[i] === '>') break;
      if (!spaced) fail('space before attribute');
      const attr = sticky(NAME) || fail('attribute name');
      if (attr in attrs) fail(`duplicate attribute ${attr}`);
      skipSpace();
      expect('=');
      skipSpace();
      const quote = src[i] === '"' || src[i] === "'" ? src[i]! : fail('quoted attribute value');
      i += 1;
      attrs[attr] = unescape(until(quote));
    }
    i += 1;
    const node: XmlElement = { name, attrs, children: [], text: '' };
    for (;;) {
      if (i >= src.length) fail(`unclosed <${name}>`);
      if (src.startsWith('</', i)) {
        i += 2;
        if (sticky(NAME) !== name) fail(`mismatched end tag for <${name}>`);
        skipSpace();
        expect('>');
        return node;
      }
      if (src.startsWith('<![CDATA[', i)) {
        i += 9;
        node.text += until(']]>');
      } else if (src.startsWith('<!--', i)) until('-->');
      else if (src[i] === '<') node.children.push(element());
      else {
        const j = src.indexOf('<', i);
        const raw = src.slice(i, j < 0 ? src.length : j);
        if (raw.includes(']]>')) fail(']]> in text');
        node.text += unescape(raw);
        i += raw.length;
      }
    }
  }

  if (src.startsWith('<?xml', 0)) until('?>');
  skipMisc();
  const root = element();
  skipMisc();
  if (i !== src.length) fail('content after the root element');
  return root;
}

/** The text of the one child of that name (throws when there is not exactly one). */
export function childText(node: XmlElement, name: string): string {
  const found = node.children.filter((c) => c.name === name);
  if (found.length !== 1) throw new Error(`<${node.name}> has ${found.length} <${name}>`);
  return found[0]!.text;
}
