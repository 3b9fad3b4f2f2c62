import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import { hasToolAccess, type UserRow } from '../../auth/session-guard';
import { checkoutIntents, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';

export interface CheckoutIntent {
  /** Our reference for the provider (client_reference_id, metadata). */
  id: string;
  /** The e-mail the provider's customer gets: the signed-in user's own, or the typed one for a new account. */
  email: string;
}

/**
 * Records whom a new checkout is for, before anything is asked of the provider. Signed in: the user
 * themselves (their own address, whatever was typed). Signed out: a new account for the typed e-mail,
 * refused when that e-mail already has an account (its owner signs in to subscribe: a checkout never
 * changes or opens an account that existed before it). A new account's intent keeps the name typed at
 * checkout, which the account then gets.
 */
export async function openCheckout(
  services: Services,
  input: { signedIn: UserRow | null; email: string; name?: string },
): Promise<CheckoutIntent> {
  const { db } = services.database;
  const { signedIn } = input;
  if (signedIn) {
    if (hasToolAccess(signedIn)) throw new AppError('CONFLICT', messages.billing.alreadySubscribed);
    const id = randomUUID();
    await db.insert(checkoutIntents).values({ id, email: signedIn.email, createsAccount: false, userId: signedIn.id });
    return { id, email: signedIn.email };
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw new AppError('CONFLICT', messages.billing.accountExistsSignIn);
  const id = randomUUID();
  await db.insert(checkoutIntents).values({ id, email: input.email, name: typedName(input), createsAccount: true });
  return { id, email: input.email };
}

/** The name typed at checkout: none when blank or when the e-mail stands in for it (the spec's fallback). */
function typedName(input: { email: string; name?: string }): string | null {
  const name = input.name?.trim();
  return name && name.toLowerCase() !== input.email.toLowerCase() ? name : null;
}
