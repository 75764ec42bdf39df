import { useSearch } from '@tanstack/react-router';
import { messages } from '@hireline/contract/messages';
import { translateMessage } from '../../lib/messages';
import { PasswordLinkCard } from './PasswordLinkCard';

export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/reset-password' });
  return <PasswordLinkCard kind="reset" token={token} missingToken={translateMessage(messages.passwordResetInvalid)} />;
}
