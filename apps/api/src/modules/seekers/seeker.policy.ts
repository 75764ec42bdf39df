import { eq, type Placeholder } from 'drizzle-orm';
import { can, type Action, type AppAbility } from '@hireline/access/ability';
import { seekerActions, type SeekerAction } from '@hireline/contract/seekers';
import { seekers } from '../../db/schema/seekers';
import { conflict, forbidden, type HttpError } from '../../platform/errors';
import { seekerMessages } from '@hireline/contract/admin-messages';

/*
 * Who may reach which seekers, and what they may do to one. The profile's `allowed_actions` and every refusal of the
 * services come from {@link allowedActions}, so what the portal offers and what the API accepts cannot disagree.
 */

export const messagesFor = seekerMessages;

/** Whoever acts: only their permissions matter to the rules. */
export interface Caller {
  ability: AppAbility;
}

/** Seekers belong to the account (DESIGN §5): a caller reaches the account's, never another tenant's. */
export const reach = (accountId: string | Placeholder) => eq(seekers.accountId, accountId);

const permissionOf: Record<SeekerAction, Action> = {
  enable: 'update',
  disable: 'update',
  delete: 'delete',
  export: 'export',
  erase: 'delete',
  update_tags: 'update',
};

type Row = { enabled: boolean; disabledAt: Date | null; erasedAt: Date | null };

/** Disabling and erasing are final (an erasure disables too); an erased seeker keeps no tags. */
function stateAllows(action: SeekerAction, s: Row): boolean {
  const erased = s.erasedAt !== null;
  switch (action) {
    case 'enable':
      return !s.enabled && s.disabledAt === null && !erased;
    case 'disable':
      return s.disabledAt === null && !erased;
    case 'erase':
    case 'update_tags':
      return !erased;
    default:
      return true;
  }
}

const mayDo = (caller: Caller, action: SeekerAction) => can(caller.ability, permissionOf[action], 'seekers');

/** The one decision: the seeker's state allows the action and the caller holds its permission. */
export const allowedActions = (s: Row, caller: Caller): SeekerAction[] =>
  seekerActions.filter((a) => stateAllows(a, s) && mayDo(caller, a));

const conflictOf: Record<SeekerAction, string | null> = {
  enable: messagesFor.cannotEnable,
  disable: messagesFor.alreadyDisabled,
  delete: null,
  export: null,
  erase: messagesFor.alreadyErased,
  update_tags: messagesFor.erased,
};

/**
 * Why `action` is not allowed on `s`, or null when it is: 403 without the permission (checked first), 409 with the
 * state's reason, or `unchanged` for enabling a seeker who is already enabled (never disabled), which is done.
 */
export function refusal(s: Row, caller: Caller, action: SeekerAction): HttpError | 'unchanged' | null {
  if (allowedActions(s, caller).includes(action)) return null;
  if (!mayDo(caller, action)) return forbidden();
  if (action === 'enable' && s.enabled && s.disabledAt === null && s.erasedAt === null) return 'unchanged';
  return conflict(conflictOf[action] ?? undefined);
}
