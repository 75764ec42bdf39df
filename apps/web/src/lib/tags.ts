/** The contract's limits on tags (job-model `tag`): checked here so a save or a filter does not come back as a 422. */
export const MAX_TAG_LENGTH = 40;
export const MAX_TAGS = 20;

/** Tags as the API keeps them: trimmed, lower case, each once, none empty or too long; at most `max` of them. */
export function cleanTags(tags: string[], max = Infinity): string[] {
  const clean = tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag && tag.length <= MAX_TAG_LENGTH);
  return [...new Set(clean)].slice(0, max);
}
