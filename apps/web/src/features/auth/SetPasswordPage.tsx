import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PasswordLinkCard } from './PasswordLinkCard';

/**
 * `/auth/profile/password?token=…`: the link of an invitation email. It sets the first password through the same
 * reset endpoint as a forgotten-password link; only the wording differs.
 */
export function SetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token } = useSearch({ from: '/auth/profile/password' });
  return <PasswordLinkCard kind="setPassword" token={token} missingToken={t('setPassword.missingToken')} />;
}
