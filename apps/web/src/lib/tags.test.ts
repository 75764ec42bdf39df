import { describe, expect, it } from 'vitest';
import { cleanTags, MAX_TAGS } from './tags';

describe('cleanTags', () => {
  it('trims, lower-cases and keeps each tag once, in the order typed', () => {
    expect(cleanTags([' VIP ', 'night', 'vip', 'Night shift'])).toEqual(['vip', 'night', 'night shift']);
  });

  it('drops empty and over-long tags', () => {
    expect(cleanTags(['', '   ', 'x'.repeat(41), 'y'.repeat(40)])).toEqual(['y'.repeat(40)]);
  });

  it('keeps at most `max` tags when asked', () => {
    const many = Array.from({ length: 25 }, (_, i) => `tag${i}`);
    expect(cleanTags(many)).toHaveLength(25);
    expect(cleanTags(many, MAX_TAGS)).toEqual(many.slice(0, MAX_TAGS));
  });
});
