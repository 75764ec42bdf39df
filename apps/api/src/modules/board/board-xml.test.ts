import { describe, expect, it } from 'vitest';
import { cdataElement, escapeXml } from './board-xml';
import { childText, parseXml } from './board-xml.testing';

describe('writing XML', () => {
  it('keeps any text intact inside CDATA, even one that closes a section', () => {
    for (const text of ['plain', 'a ]]> b', ']]>]]>', '<p>x &amp; y</p>', 'ends with ]]', 'emoji 🚜', ''])
      expect(childText(parseXml(`<r>${cdataElement('t', text)}</r>`), 't')).toBe(text);
  });

  it('drops characters XML cannot carry and escapes markup in character data', () => {
    expect(childText(parseXml(`<r>${cdataElement('t', 'a\u0000b\u001Fc\uFFFEd\uD800e')}</r>`), 't')).toBe('abcde');
    expect(escapeXml(`https://x.test/?a=1&b=<'">`)).toBe('https://x.test/?a=1&amp;b=&lt;&apos;&quot;&gt;');
    expect(childText(parseXml(`<r><t>${escapeXml('a&b<c')}</t></r>`), 't')).toBe('a&b<c');
  });
});

describe('the test reader', () => {
  it('reads declarations, attributes, references, comments and nesting', () => {
    const doc = parseXml('<?xml version="1.0"?>\n<!-- c --><a x="1" y=\'&lt;\'><b>&#65;&#x42;&amp;</b><c/></a>\n');
    expect(doc).toEqual({
      name: 'a',
      attrs: { x: '1', y: '<' },
      text: '',
      children: [
        { name: 'b', attrs: {}, children: [], text: 'AB&' },
        { name: 'c', attrs: {}, children: [], text: '' },
      ],
    });
  });

  it('refuses what is not well-formed', () => {
    const bad = [
      '<a><b></a></b>',
      '<a>x & y</a>',
      '<a>x ]]> y</a>',
      '<a><![CDATA[x]]></a><b/>',
      '<a x="1" x="2"/>',
      '<a>&nbsp;</a>',
      '<a>\u0001</a>',
      '<a><b></a>',
      '<a x=1/>',
      'text<a/>',
    ];
    for (const xml of bad) expect(() => parseXml(xml), xml).toThrow();
  });
});
