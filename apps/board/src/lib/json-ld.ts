import { useEffect } from 'react';

export const JOB_POSTING_LD_ID = 'job-posting-ld';

/**
 * JSON for an inline <script>: `<` is escaped so text in the data (a description with `</script>`) can never end
 * the element early and run as markup.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Puts the job's schema.org JobPosting into <head> while its page is shown (Google for Jobs reads it). */
export function useJsonLd(data: unknown | undefined, id = JOB_POSTING_LD_ID) {
  const text = data === undefined ? null : jsonLdText(data);
  useEffect(() => {
    if (text === null) return;
    document.getElementById(id)?.remove();
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = id;
    script.textContent = text;
    document.head.appendChild(script);
    return () => script.remove();
  }, [text, id]);
}
