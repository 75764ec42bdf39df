/*
 * A role's permissions as the editor's grid sees them: `subject.action` ticks one box, `subject.all` ticks a whole
 * row (every action of the subject, also ones added later), `all` ticks everything. Anything else in the list (a
 * `!subject.action` exception, a permission this portal does not know) is kept as it is.
 */

export const FULL_ACCESS = 'all';

const key = (subject: string, action: string) => `${subject}.${action}`;

export const hasFullAccess = (perms: readonly string[]) => perms.includes(FULL_ACCESS);

/** Every action of the subject (`subject.all` or `all`). */
export const allGranted = (perms: readonly string[], subject: string) => hasFullAccess(perms) || perms.includes(key(subject, 'all'));

export const granted = (perms: readonly string[], subject: string, action: string) =>
  allGranted(perms, subject) || perms.includes(key(subject, action));

/**
 * Ticks or unticks one box. Unticking one action of a subject granted as a whole keeps the others: the row becomes
 * the list of its other actions.
 */
export function toggle(perms: readonly string[], subject: string, action: string, actions: readonly string[]): string[] {
  if (!granted(perms, subject, action)) return [...perms, key(subject, action)];
  if (perms.includes(key(subject, 'all'))) {
    const others = actions.filter((a) => a !== action).map((a) => key(subject, a));
    return [...perms.filter((p) => p !== key(subject, 'all')), ...others.filter((p) => !perms.includes(p))];
  }
  return perms.filter((p) => p !== key(subject, action));
}

/** The row's "all" box: on grants the whole subject (replacing its single actions), off takes all of it away. */
export function toggleAll(perms: readonly string[], subject: string): string[] {
  if (perms.includes(key(subject, 'all'))) return perms.filter((p) => p !== key(subject, 'all'));
  return [...perms.filter((p) => !p.startsWith(`${subject}.`)), key(subject, 'all')];
}

/** Turns "full access" on or off. */
export const toggleFullAccess = (perms: readonly string[]) =>
  hasFullAccess(perms) ? perms.filter((p) => p !== FULL_ACCESS) : [...perms, FULL_ACCESS];

/** What the grid does not show: exceptions (`!jobs.delete`) and permissions outside the vocabulary. */
export function otherRules(perms: readonly string[], subjects: readonly string[], actions: readonly string[]): string[] {
  return perms.filter((p) => {
    if (p === FULL_ACCESS) return false;
    const [subject = '', action = '', ...rest] = p.split('.');
    return rest.length > 0 || !subjects.includes(subject) || !(actions.includes(action) || action === 'all');
  });
}

/** Two lists grant the same when they hold the same strings, in any order. */
export const samePermissions = (a: readonly string[], b: readonly string[]) => [...new Set(a)].sort().join() === [...new Set(b)].sort().join();
