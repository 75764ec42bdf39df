import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('users');

/*
 * The account users and roles API's own messages (apps/api users/account-users.service.ts, roles.service.ts and the
 * contract's limits), which are not in the shared catalogue, shown in the reader's language.
 */
const API_MESSAGES: Record<string, string> = {
  'This person already has access to this account. Change their access instead.': 'alreadyMember',
  'You cannot change, disable or remove your own access.': 'notYourself',
  'This person has already accepted the invitation.': 'notInvited',
  'This person has not accepted the invitation yet. Remove the invitation instead.': 'stillInvited',
  'This is the last enabled account admin of this account. Make someone else an account admin first.': 'lastAdmin',
  'The account admin role keeps every permission (all): without it nobody could manage this account.': 'adminRoleKeepsAll',
  'A new invitation was emailed.': 'invitationSent',
  'This person is disabled. Enable them first.': 'isDisabled',
  'This person is already enabled.': 'alreadyEnabled',
  'This person is already disabled.': 'alreadyDisabled',
  'This person also has access to another account or to the whole enterprise. Remove them from this account instead.': 'accessElsewhere',
  'This role cannot be given at this level.': 'roleLevel',
  'This access is listed twice.': 'duplicate',
  'Another role of this account already has this name.': 'nameTaken',
  'Built-in roles cannot be deleted. Change their permissions instead.': 'builtIn',
  'This role is given to people. Give them another role first.': 'inUse',
};

/** An API or contract message in the current language; unknown text is shown as it came. */
export function usersMessage(message: string | null | undefined): string {
  if (!message) return '';
  const key = API_MESSAGES[message];
  if (key) return i18n.t(`users:apiMessages.${key}` as never, { defaultValue: message }) as string;
  const atMost = /^At most (\d+) at a time\.$/.exec(message);
  if (atMost) return i18n.t('users:apiMessages.atMost', { max: Number(atMost[1]) });
  const unknown = /^Unknown permissions: (.+)\.$/.exec(message);
  if (unknown) return i18n.t('users:apiMessages.unknownPermissions', { list: unknown[1] });
  const max = /^This value may not be greater than (\d+) characters\.$/.exec(message);
  if (max) return i18n.t('users:apiMessages.maxLength', { max: Number(max[1]) });
  return translateMessage(message);
}
