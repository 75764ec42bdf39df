import { describe, expect, it } from 'vitest';
import { centsToUnits, dayToIso, isoToDay, unitsToCents } from './wizard-form';

describe('wizard amounts and dates', () => {
  it('reads amounts typed in units as integer cents', () => {
    expect(unitsToCents('')).toBeNull();
    expect(unitsToCents('45000')).toBe(4500000);
    expect(unitsToCents('45,000.50')).toBe(4500050);
    expect(unitsToCents('45 000,5')).toBe(4500050);
    expect(unitsToCents('45.000,25')).toBe(4500025);
    expect(unitsToCents('32.5')).toBe(3250);
    expect(unitsToCents('0.07')).toBe(7);
    expect(unitsToCents('1.234.567')).toBe(123456700);
    expect(unitsToCents('12.345')).toBeNaN();
    expect(unitsToCents('abc')).toBeNaN();
    expect(unitsToCents('-5')).toBeNaN();
  });

  it('shows cents as units, without decimals when whole', () => {
    expect(centsToUnits(null)).toBe('');
    expect(centsToUnits(4500000)).toBe('45000');
    expect(centsToUnits(4500050)).toBe('45000.50');
  });

  it('turns advert days into the start of the first and the end of the last day, and back', () => {
    expect(dayToIso('', 'start')).toBeNull();
    const start = dayToIso('2025-02-01', 'start')!;
    const end = dayToIso('2025-02-28', 'end')!;
    expect(new Date(start).getHours()).toBe(0);
    expect(new Date(end).getHours()).toBe(23);
    expect(isoToDay(start)).toBe('2025-02-01');
    expect(isoToDay(end)).toBe('2025-02-28');
    expect(dayToIso('1 Feb', 'start')).toBe('1 Feb');
  });
});
