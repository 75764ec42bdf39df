import Alert, { type AlertProps } from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * Says why an action shows unavailable: the session is someone acting as another user, and the API refuses its
 * `notWhileImpersonating` endpoints (changing the password, buying credits, paying directly) meanwhile.
 */
export function NotWhileImpersonating(props: Omit<AlertProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" {...props}>
      {t('impersonation.notAvailable')}
    </Alert>
  );
}
