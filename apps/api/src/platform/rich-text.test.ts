import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';
import { description, descriptionText, sanitizeDescription } from './rich-text';

describe('sanitizeDescription', () => {
  it('keeps the editor’s formatting', () => {
    const html = '<h2>Role</h2><p>We <strong>pay</strong> <em>well</em>, <u>really</u> <s>not</s>.</p><ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Quote</blockquote><p>a<br />b</p>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and unknown tags', () => {
    expect(sanitizeDescription('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeDescription('<img src=x onerror="alert(1)"><p onclick="x()" style="color:red">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeDescription('<iframe src="https://evil.test"></iframe><style>p{}</style><div><span>text</span></div>')).toBe('text');
    expect(sanitizeDescription('<svg><script>alert(1)</script></svg><math>x</math>')).not.toMatch(/script|svg|alert/);
  });

  it('keeps only http, https and mailto links, with a safe rel', () => {
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeDescription('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toContain('href');
    expect(sanitizeDescription('<a href="data:text/html,hi">x</a>')).not.toContain('href');
    expect(sanitizeDescription('<a href="//evil.test">x</a>')).not.toContain('href');
    expect(sanitizeDescription('<a href="https://ok.test" target="_blank" rel="opener">x</a>')).toBe('<a href="https://ok.test" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeDescription('<a href="mailto:jobs@ok.test">mail</a>')).toContain('href="mailto:jobs@ok.test"');
  });

  it('maps legacy tags to their editor equivalents', () => {
    expect(sanitizeDescription('<b>B</b><i>I</i><h1>T</h1>')).toBe('<strong>B</strong><em>I</em><h2>T</h2>');
  });
});

describe('descriptionText', () => {
  it('is the readable text, blocks on their own lines, entities decoded', () => {
    expect(description('<h2>Role</h2><p>Fish &amp; chips &lt;3 "quoted"</p><ul><li>One</li><li>Two</li></ul>').descriptionText).toBe(
      'Role\nFish & chips <3 "quoted"\nOne\nTwo',
    );
    expect(descriptionText(sanitizeDescription('<p> </p><script>x</script>'))).toBe('');
  });
});

describe('CSV cells', () => {
  it('quotes per RFC 4180 and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const lead of ['=', '+', '-', '@']) expect(csvCell(`${lead}1+1`)).toBe(`'${lead}1+1`);
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
    expect(csvRow(['a', null, 2, true])).toBe('a,,2,true');
  });
});
