interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/** Typing into a field must never be taken over by a single-key shortcut. */
function isEditable(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName.toUpperCase());
}

/**
 * The global search's keyboard shortcuts: Ctrl+K (⌘K on a Mac) anywhere, or "/" when not typing in a field
 * (the convention of GitHub, MDN and most documentation sites).
 */
export function isSearchShortcut(e: ShortcutEvent): boolean {
  if (e.defaultPrevented || e.altKey) return false;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !isEditable(e.target);
}
