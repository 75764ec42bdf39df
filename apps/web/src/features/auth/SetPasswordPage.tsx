import { useSearch } from '@tanstack/react-router';
import { InvitationCard } from './InvitationCard';

/**
 * `/auth/profile/password?token=…`: where invitation emails used to link. The same invitation page answers, so an
 * older link still works for someone new (a signed-in person is sent on by the guard, and uses `/auth/invitation`).
 */
export function SetPasswordPage() {
  const { token } = useSearch({ from: '/auth/profile/password' });
  return <InvitationCard token={token} />;
}
