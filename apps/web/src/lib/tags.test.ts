import { describe, expect, it } from 'vitest';
import { messageCatalog } from '@hireline/contract/message-codes';
import { messages } from '@hireline/contract/messages';
import { cleanTags, MAX_TAG_LENGTH, MAX_TAGS, tagsRefusal } from './tags';

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

describe('tagsRefusal', () => {
  it('says which tag was too long, or that the list is full, instead of dropping it silently', () => {
    const long = 'x'.repeat(41);
    expect(tagsRefusal(['ok', long])).toEqual({ tag: long, message: messages.maxLength(MAX_TAG_LENGTH) });
    const many = Array.from({ length: 21 }, (_, i) => `tag${i}`);
    expect(tagsRefusal(many, MAX_TAGS)).toEqual({ message: messageCatalog['jobs.too_many_tags'] });
    expect(tagsRefusal(many.slice(0, 20).concat(['TAG0']), MAX_TAGS)).toBeUndefined();
    expect(tagsRefusal(['', ' a '])).toBeUndefined();
  });
});
