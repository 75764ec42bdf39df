/*
 * The page the portal's and the board's component tests share (apps/web/src/test/reset.ts,
 * apps/board/src/test/reset.ts): their files run one after another in one document, so what a file leaves in it is
 * put back before the next, as a fresh page would have it.
 */

/** What the document held before a file ran. */
export interface PageBefore {
  href: string;
  /** Emotion remembers which rules it has inserted and never inserts them again: its style elements stay. */
  styles: Element[];
}

export const notePage = (): PageBefore => ({
  href: window.location.href,
  styles: [...document.head.querySelectorAll('style[data-emotion]')],
});

/** Empties the body, the head (but for Emotion's rules), the title and storage, and goes back to the first address. */
export function restorePage(before: PageBefore): void {
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  // Rules inserted before this file first, in their order, then this file's; anything else a file put in the head
  // (meta tags, links, JSON-LD, server-rendered state) goes, also after a file that replaced the head's content.
  const added = [...document.head.querySelectorAll('style[data-emotion]')].filter((s) => !before.styles.includes(s));
  document.head.replaceChildren(...before.styles, ...added);
  document.title = '';
  if (window.location.href !== before.href) window.history.replaceState(null, '', before.href);
  localStorage.clear();
  sessionStorage.clear();
}
