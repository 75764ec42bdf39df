import { describe, expect, it } from 'vitest';
import { describeMessage, formatMessage, messageCatalog, placeholdersOf, type MessageCode } from './message-codes';

const codes = Object.keys(messageCatalog) as MessageCode[];
const counts = new Set(['max', 'min', 'mb', 'balance']);

describe('message catalogue', () => {
  it('names codes in snake_case, module ones with one area prefix', () => {
    for (const code of codes) expect(code).toMatch(/^([a-z]+(_[a-z]+)*\.)?[a-z0-9]+(_[a-z0-9]+)*$/);
    expect(codes).not.toContain('unknown');
  });

  it('gives every message one code: each template reads back as its own code', () => {
    for (const code of codes) {
      const params = Object.fromEntries(placeholdersOf(messageCatalog[code]).map((name) => [name, counts.has(name) ? 12 : 'x, y']));
      const english = formatMessage(code, params);
      expect(describeMessage(english)?.code, english).toBe(code);
    }
  });

  it('reads parameters back, counts as numbers', () => {
    expect(describeMessage('This value may not be greater than 255 characters.')).toEqual({ code: 'max_length', params: { max: 255 } });
    expect(describeMessage('The file may not be greater than 5 MB.')).toEqual({ code: 'file_too_large', params: { mb: 5 } });
    expect(describeMessage('The file must be a file of type: pdf, docx.')).toEqual({ code: 'file_type', params: { types: 'pdf, docx' } });
    expect(describeMessage('The quantity may not be greater than 10,000.')).toEqual({ code: 'credits.quantity_max', params: { max: 10000 } });
    expect(describeMessage('The employer has only 1 credit to revoke.')).toEqual({
      code: 'credits.revoke_over_balance_one',
      params: { balance: 1 },
    });
    expect(describeMessage('This field is required.')).toEqual({ code: 'required' });
    expect(describeMessage('Something no one wrote.')).toBeUndefined();
  });

  it('fills templates, leaving a missing parameter visible', () => {
    expect(formatMessage('max_length', { max: 40 })).toBe('This value may not be greater than 40 characters.');
    expect(formatMessage('file_too_large')).toBe('The file may not be greater than {mb} MB.');
  });
});
