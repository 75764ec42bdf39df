import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationEvent } from '@hireline/contract/notification-events';

/**
 * What each notification event is called and when it is sent, in the reader's language (notifications:events).
 * One place, so the profile's notification choices and the site's email templates name every event alike.
 */
export function useEventText() {
  const { t } = useTranslation('notifications');
  return useMemo(
    () => ({
      label: (event: NotificationEvent) => t(`events.${event}.label`),
      description: (event: NotificationEvent) => t(`events.${event}.description`),
    }),
    [t],
  );
}
