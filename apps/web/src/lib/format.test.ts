import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';

describe('format', () => {
  it('shows days and times in the reader\'s language', () => {
    expect(formatDate('2025-01-10T12:00:00.000Z', 'en')).toBe('Jan 10, 2025');
    expect(formatDate('2025-01-10T12:00:00.000Z', 'fr')).toBe('10 janv. 2025');
    expect(formatDateTime('2025-01-10T12:00:00.000Z', 'en')).toMatch(/^Jan 10, 2025, \d{1,2}:\d{2}/);
  });

  it('shows nothing for an absent or unreadable date', () => {
    for (const iso of [null, undefined, '', 'soon']) {
      expect(formatDate(iso, 'en')).toBe('');
      expect(formatDateTime(iso, 'en')).toBe('');
    }
  });

  it('groups digits the way the language does', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
  });
});
