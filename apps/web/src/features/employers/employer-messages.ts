import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('employers');

/*
 * The employers API's own messages (apps/api employer-present.ts and employer-users.service.ts), which are not in
 * the contract's catalogue, shown in the reader's language. Anything else goes through the contract's catalogue.
 */
const API_MESSAGES: Record<string, string> = {
  'This employer has credit history, which must be kept. Disable it instead.': 'hasCredits',
  'Only a registration on hold can be approved or rejected.': 'notOnHold',
  'This employer is already enabled.': 'alreadyEnabled',
  'This employer is already disabled.': 'alreadyDisabled',
  'Another employer of this site already has this name.': 'nameTaken',
  'This person already has access to this employer.': 'alreadyMember',
  'You cannot change or remove your own access.': 'notYourself',
  'This person has already accepted the invitation.': 'notInvited',
  'A new invitation was emailed.': 'invitationSent',
};

/** An API or contract message in the current language; unknown text is shown as it came. */
export function employerMessage(message: string | null | undefined): string {
  if (!message) return '';
  const key = API_MESSAGES[message];
  if (key) return i18n.t(`employers:apiMessages.${key}` as never, { defaultValue: message }) as string;
  const max = /^This value may not be greater than (\d+) characters\.$/.exec(message);
  if (max) return i18n.t('employers:apiMessages.maxLength' as never, { max: Number(max[1]), defaultValue: message }) as string;
  return translateMessage(message);
}
