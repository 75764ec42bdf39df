import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotificationEvent, type EmailKind, type EmailKindGroup } from '@hireline/contract/email-kinds';
import { useEventText } from '../../lib/notification-events';

/**
 * What each kind of email is called in the reader's language: a notification event as on the profile's
 * notification choices, every other kind from settings:emailTemplates.kinds; and each group's name.
 */
export function useKindText() {
  const { t } = useTranslation('settings');
  const eventText = useEventText();
  return useMemo(
    () => ({
      label: (kind: EmailKind) => (isNotificationEvent(kind) ? eventText.label(kind) : t(`emailTemplates.kinds.${kind}`)),
      description: (kind: EmailKind) => (isNotificationEvent(kind) ? eventText.description(kind) : t(`emailTemplates.groupHints.${groupHintOf(kind)}`)),
      group: (group: EmailKindGroup) => t(`emailTemplates.groups.${group}`),
    }),
    [t, eventText],
  );
}

/** Who reads a transactional kind: candidates on the board, everyone else on the portal. */
const groupHintOf = (kind: EmailKind) =>
  kind.startsWith('seeker.') || (kind.startsWith('application.status.') && !kind.endsWith('.admin') && !kind.endsWith('.consultant')) ? 'candidate' : 'staff';
