import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './reply';

/** The name a client reads back: `filename*` when present (RFC 6266 §4.3), else the plain `filename`. */
function nameOf(header: string): string {
  const extended = /; filename\*=UTF-8''([^;]*)$/.exec(header);
  if (extended) return decodeURIComponent(extended[1]!);
  return /; filename="([^"]*)"$/.exec(header)![1]!;
}

describe('contentDisposition', () => {
  it('keeps a plain name as it is, with no extended form', () => {
    expect(contentDisposition('attachment', 'jobs-2026-11-28.csv')).toBe('attachment; filename="jobs-2026-11-28.csv"');
    expect(contentDisposition('inline', 'cv_v2.pdf')).toBe('inline; filename="cv_v2.pdf"');
  });

  it('gives a non-ASCII name an ASCII fallback and the exact name in UTF-8', () => {
    expect(contentDisposition('inline', 'Résumé Zoë.pdf')).toBe(
      `inline; filename="R_sum_ Zo_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20Zo%C3%AB.pdf`,
    );
    expect(nameOf(contentDisposition('attachment', 'سيرة ذاتية.pdf'))).toBe('سيرة ذاتية.pdf');
  });

  it('cannot be closed early by quotes or backslashes in the name', () => {
    expect(contentDisposition('attachment', 'a "b"\\c.pdf')).toBe(
      `attachment; filename="a _b__c.pdf"; filename*=UTF-8''a%20%22b%22%5Cc.pdf`,
    );
  });

  it('never lets CR or LF through, so a name cannot add a header', () => {
    const header = contentDisposition('attachment', 'cv.pdf\r\nSet-Cookie: sid=1');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="cv.pdf__Set-Cookie: sid=1"; filename*=UTF-8''cv.pdf%0D%0ASet-Cookie%3A%20sid%3D1`);
  });

  it("percent-encodes the characters RFC 5987 leaves out of attr-char, ' ( ) * included", () => {
    expect(contentDisposition('attachment', "it's (1)*.pdf")).toBe(
      `attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`,
    );
  });

  it('names an empty name "file"', () => {
    expect(contentDisposition('attachment', '')).toBe(`attachment; filename="file"; filename*=UTF-8''`);
  });

  it('for any name: printable ASCII only, and the client reads back the exact name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), fc.constantFrom('inline', 'attachment' as const), (name, d) => {
        const header = contentDisposition(d, name);
        expect(header).toMatch(/^[\x20-\x7e]*$/);
        expect(nameOf(header)).toBe(name);
      }),
      { seed: 5987 },
    );
  });
});
