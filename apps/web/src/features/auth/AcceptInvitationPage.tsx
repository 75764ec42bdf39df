import { useSearch } from '@tanstack/react-router';
import { InvitationCard } from './InvitationCard';

/** `/auth/invitation?token=…`: the link of an invitation email, for someone new and for someone signed in alike. */
export function AcceptInvitationPage() {
  const { token } = useSearch({ from: '/auth/invitation' });
  return <InvitationCard token={token} />;
}
