import { location } from '@rv/contracts/api/account';
import type { UserRow } from '../../auth/session-guard';
import type { StoredLocation } from '../../db/row-types';
import type { Services } from '../../services';
import type { Location } from './locate-ip';
import { pendingEmailChange } from './request-email-change';

/** The stored location as the API answers it, when it is still a valid one (the row's type is the database's). */
export const storedLocation = (value: StoredLocation | null): Location | null => {
  const parsed = location.safeParse(value ?? undefined);
  return parsed.success && value ? parsed.data : null;
};

/** Personal Information's extra details: where the user is, and the address waiting for its link. */
export async function profileDetails(services: Services, user: UserRow) {
  return { location: storedLocation(user.location), pendingEmail: await pendingEmailChange(services.database.db, user.id) };
}
