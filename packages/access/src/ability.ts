import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { actions, subjects, type Action, type Subject } from './vocabulary';

export { actions, subjects, type Action, type Subject };

/** The account, site and employer the user is working in (the scope headers, resolved). */
export interface SelectedScope {
  accountId?: string | null;
  siteId?: string | null;
  employerId?: string | null;
}

/** `/auth/me.permissions`: scope key (`enterprise`, `account:{id}`, `site:{id}`, `employer:{id}`) → permission strings. */
export type PermissionsMap = Record<string, string[]>;

/**
 * Our vocabulary's action `all` is CASL's `manage` inside the ability, so the raw ability speaks `manage`, never
 * `all`: `ability.can('all', …)` on a raw CASL ability would silently match nothing, and this type makes it a
 * compile error instead. Use {@link can} (which takes the vocabulary's `Action`) for every check.
 */
export type AbilityAction = Exclude<Action, 'all'> | 'manage';
export type AppAbility = MongoAbility<[AbilityAction, Subject | 'all']>;
type AppRule = RawRuleOf<AppAbility>;

const MANAGE = 'manage' as const;
const ANY_SUBJECT = 'all' as const;
const subjectSet: ReadonlySet<string> = new Set(subjects);
const actionSet: ReadonlySet<string> = new Set(actions);
const concreteActions = actions.filter((a): a is Exclude<Action, 'all'> => a !== 'all');

/** Maps a vocabulary action to the ability's action (`all` → `manage`). */
export function toAbilityAction(action: Action): AbilityAction {
  return action === 'all' ? MANAGE : action;
}

const scopedKeys = { account: 'accountId', site: 'siteId', employer: 'employerId' } as const;

/** Whether a permissions-map key applies under the selected scope. Unknown key shapes never count. */
export function keyCounts(key: string, scope: SelectedScope): boolean {
  if (key === 'enterprise') return true;
  const colon = key.indexOf(':');
  if (colon <= 0) return false;
  const kind = key.slice(0, colon);
  const id = key.slice(colon + 1);
  if (!Object.hasOwn(scopedKeys, kind) || id === '') return false;
  const selected = scope[scopedKeys[kind as keyof typeof scopedKeys]];
  return typeof selected === 'string' && selected === id;
}

interface ParsedPermission {
  action: AbilityAction;
  subject: Subject | 'all';
  inverted: boolean;
}

/** Parses `subject.action`, `all`, or either with a leading `!`. Anything else is `null` (ignored, never thrown). */
export function parsePermission(value: unknown): ParsedPermission | null {
  if (typeof value !== 'string') return null;
  const inverted = value.startsWith('!');
  const body = inverted ? value.slice(1) : value;
  if (body === 'all') return { action: MANAGE, subject: ANY_SUBJECT, inverted };
  const parts = body.split('.');
  if (parts.length !== 2) return null;
  const [subject = '', action = ''] = parts;
  if (!(subjectSet.has(subject) || subject === ANY_SUBJECT) || !actionSet.has(action)) return null;
  return { action: toAbilityAction(action as Action), subject: subject as Subject | 'all', inverted };
}

/**
 * The CASL rules for a permissions map under a selected scope. Order matters: CASL gives later rules priority, so
 * the baseline and the positive rules come first and the inverted ones last, which makes a `!…` rule beat any grant
 * (including `all` and the baseline `portal` access: `!portal.access` locks a user out).
 */
export function rulesFor(permissions: PermissionsMap, scope: SelectedScope): AppRule[] {
  const positive = new Map<string, AppRule>();
  const inverted = new Map<string, AppRule>();
  const add = (into: Map<string, AppRule>, rule: AppRule) => {
    const id = `${rule.action as string} ${rule.subject as string}`;
    if (!into.has(id)) into.set(id, rule);
  };

  add(positive, { action: 'access', subject: 'portal' });
  for (const [key, values] of Object.entries(permissions ?? {})) {
    if (!keyCounts(key, scope ?? {}) || !Array.isArray(values)) continue;
    for (const value of values) {
      const parsed = parsePermission(value);
      if (!parsed) continue;
      if (parsed.inverted) {
        add(inverted, { action: parsed.action, subject: parsed.subject, inverted: true });
      } else {
        add(positive, { action: parsed.action, subject: parsed.subject });
        // Every granted subject is also accessible (the value `all` thus grants `access` on `all`, which keeps
        // strict `access` checks passing for a manage-everything user).
        add(positive, { action: 'access', subject: parsed.subject });
      }
    }
  }
  return [...positive.values(), ...inverted.values()];
}

export function buildAbility(permissions: PermissionsMap, scope: SelectedScope): AppAbility {
  return createMongoAbility<AppAbility>(rulesFor(permissions, scope));
}

/**
 * The one permission check, shared by the API (enforce) and the portal (show or hide).
 *
 * Default: passes when the user can do `action` on `subject` or can do `all` (manage) on it, and no inverted rule
 * forbids it. CASL's own `can` is exactly that: a `manage` rule matches every action, and the inverted rules sit
 * last so they win. We do not OR in a separate `can('manage', subject)`: it would let `all` override
 * `!jobs.delete`, because CASL does not consult a `delete` rule when asked about `manage`.
 *
 * Asking for `all` itself means "can do everything on the subject": a `manage` grant that no inverted rule narrows
 * (`['all', '!jobs.delete']` can not do `all` on jobs).
 *
 * Strict (`strict: true`): a `manage` grant no longer stands in for other actions; the action must be granted by
 * a rule naming it exactly (on the subject or on `all`) and that rule must not be overridden by an inverted rule
 * of higher priority (an inverted rule for the action itself or for `manage`). We walk CASL's `rulesFor` (rules
 * for the action, `manage` and subject `all` merged, highest priority first): the first inverted rule met denies,
 * the first exact positive rule met allows, positive `manage` rules are skipped. With our rule order this equals
 * "an exact grant exists and nothing forbids the action", and it stays correct for any rule order. Consequence:
 * an `all` user passes strict checks only for `access` (granted on `all` explicitly) and for `all` itself.
 */
export function can(ability: AppAbility, action: Action, subject: Subject, opts?: { strict?: boolean }): boolean {
  if (action === 'all' && !concreteActions.every((a) => ability.can(a, subject))) return false;
  const abilityAction = toAbilityAction(action);
  if (!opts?.strict) return ability.can(abilityAction, subject);
  for (const rule of ability.rulesFor(abilityAction, subject)) {
    if (!rule.matchesConditions(subject)) continue;
    if (rule.inverted) return false;
    const ruleActions: readonly string[] = Array.isArray(rule.action) ? rule.action : [rule.action];
    if (ruleActions.includes(abilityAction)) return true;
  }
  return false;
}

/**
 * Merges (scope key, permissions) pairs, e.g. one per membership's role, into a permissions map with each key's
 * values de-duplicated (first occurrence order kept).
 */
export function permissionsFor(rolePermissions: Array<{ key: string; permissions: string[] }>): PermissionsMap {
  const merged = new Map<string, Set<string>>();
  for (const { key, permissions } of rolePermissions) {
    let values = merged.get(key);
    if (!values) merged.set(key, (values = new Set()));
    for (const permission of permissions) values.add(permission);
  }
  return Object.fromEntries([...merged].map(([key, values]) => [key, [...values]]));
}
