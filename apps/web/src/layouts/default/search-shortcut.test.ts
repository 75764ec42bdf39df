import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './search-shortcut';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}, target: unknown = null) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target: target as EventTarget | null,
  ...mods,
});

describe('isSearchShortcut', () => {
  it('takes Ctrl+K and ⌘K anywhere, even inside a field', () => {
    expect(isSearchShortcut(press('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(press('K', { metaKey: true }, { tagName: 'INPUT' }))).toBe(true);
    expect(isSearchShortcut(press('k'))).toBe(false);
    expect(isSearchShortcut(press('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('takes "/" only when the user is not typing', () => {
    expect(isSearchShortcut(press('/', {}, { tagName: 'BODY' }))).toBe(true);
    expect(isSearchShortcut(press('/', {}, { tagName: 'A' }))).toBe(true);
    expect(isSearchShortcut(press('/', {}, { tagName: 'INPUT' }))).toBe(false);
    expect(isSearchShortcut(press('/', {}, { tagName: 'textarea' }))).toBe(false);
    expect(isSearchShortcut(press('/', {}, { tagName: 'DIV', isContentEditable: true }))).toBe(false);
  });

  it('leaves events another handler already took', () => {
    expect(isSearchShortcut({ ...press('k', { ctrlKey: true }), defaultPrevented: true })).toBe(false);
  });
});
