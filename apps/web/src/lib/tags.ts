import { messageCatalog } from '@hireline/contract/message-codes';
import { messages } from '@hireline/contract/messages';
import { translateMessage } from './messages';

/** The contract's limits on tags (job-model `tag`): checked here so a save or a filter does not come back as a 422. */
export const MAX_TAG_LENGTH = 40;
export const MAX_TAGS = 20;

const normal = (tag: string) => tag.trim().toLowerCase();

/** Tags as the API keeps them: trimmed, lower case, each once, none empty or too long; at most `max` of them. */
export function cleanTags(tags: string[], max = Infinity): string[] {
  const clean = tags.map(normal).filter((tag) => tag && tag.length <= MAX_TAG_LENGTH);
  return [...new Set(clean)].slice(0, max);
}

/**
 * Why cleanTags left a typed tag out (a catalogue message in English, and the tag it is about): the first one over the length limit, or the
 * list being full. Undefined when only blanks and repeats were dropped, which need no word.
 */
export function tagsRefusal(tags: string[], max = Infinity): { tag?: string; message: string } | undefined {
  const long = tags.map(normal).find((tag) => tag.length > MAX_TAG_LENGTH);
  if (long !== undefined) return { tag: long, message: messages.maxLength(MAX_TAG_LENGTH) };
  const distinct = new Set(tags.map(normal).filter(Boolean));
  if (distinct.size > max) return { message: messageCatalog['jobs.too_many_tags'] };
  return undefined;
}

/** tagsRefusal in the reader's language, for a field's helper text. */
export function tagsRefusalText(tags: string[], max = Infinity): string | undefined {
  const why = tagsRefusal(tags, max);
  if (!why) return undefined;
  return why.tag ? `${why.tag}: ${translateMessage(why.message)}` : translateMessage(why.message);
}
