import { sql, type SQL } from 'drizzle-orm';
import { employers } from '../db/schema/employers';
import { memberships } from '../db/schema/identity';

/** An employer registration that keeps its registrants out: still on hold, or declined. */
export type RegistrationState = 'pending' | 'rejected';

/**
 * The one rule for it, which sign-in answers with (auth.registration_pending / _declined) and the account's people list
 * shows: the person's memberships (those `where` keeps) of an enabled employer whose registration is on hold or
 * declined. On hold anywhere wins, since a decision on it is still to come; null when there is none. A disabled
 * employer is shut for another reason and is not a registration state.
 * Nested in its own `sql` so a one-table select does not strip the table names of its columns.
 */
export const registrationStateSql = (userId: SQL, where: SQL): SQL<RegistrationState | null> =>
  sql<RegistrationState | null>`${sql`(select case when bool_or(${employers.status} = 'pending') then 'pending' when count(*) > 0 then 'rejected' end
    from ${memberships} join ${employers} on ${employers.id} = ${memberships.employerId}
    where ${memberships.userId} = ${userId} and ${employers.enabled} and ${employers.status} in ('pending', 'rejected') and ${where})`}`;
