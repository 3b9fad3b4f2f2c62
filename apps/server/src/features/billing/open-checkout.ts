import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import { hasToolAccess, type UserRow } from '../../auth/session-guard';
import { checkoutIntents, users, type CheckoutFlow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';

/**
 * How long an e-mail's open checkout is answered again: below Stripe's 23 hours after which an unpaid
 * subscription expires and its 24 hours of idempotency keys (ADR 055).
 */
export const CHECKOUT_REUSED_FOR_MS = 22 * 60 * 60_000;

type IntentRow = typeof checkoutIntents.$inferSelect;

export interface CheckoutIntent {
  /** Our reference for the provider (client_reference_id, metadata), and the key of its calls. */
  id: string;
  /** The e-mail the provider's customer gets: the signed-in user's own, or the typed one for a new account. */
  email: string;
  /** The name the provider's customer gets: the one typed when the checkout was opened, else the e-mail. */
  customerName: string;
}

/**
 * Records whom a new checkout is for, before anything is asked of the provider. Signed in: the user
 * themselves (their own address, whatever was typed). Signed out: a new account for the typed e-mail,
 * refused when that e-mail already has an account (its owner signs in to subscribe: a checkout never
 * changes or opens an account that existed before it). A new account's intent keeps the name typed at
 * checkout, which the account then gets.
 *
 * One open checkout per e-mail (ADR 055; a unique index on the open ones): a second request for the
 * same e-mail, for the same person and flow, answers the open checkout, which its provider calls then
 * make again under the same idempotency key (the same session or subscription, never a second one).
 * An open checkout that cannot be paid any more (older than CHECKOUT_REUSED_FOR_MS, or `stillPayable`
 * says no), or that is for another person or flow, is closed and a new one opened in its place.
 */
export async function openCheckout(
  services: Services,
  input: { signedIn: UserRow | null; email: string; name?: string; flow: CheckoutFlow },
  stillPayable: (intent: IntentRow) => Promise<boolean>,
): Promise<CheckoutIntent> {
  const { db } = services.database;
  const { signedIn } = input;
  if (signedIn && hasToolAccess(signedIn)) throw new AppError('CONFLICT', messages.billing.alreadySubscribed);
  if (!signedIn) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing) throw new AppError('CONFLICT', messages.billing.accountExistsSignIn);
  }
  const wanted = signedIn
    ? { email: signedIn.email, createsAccount: false, userId: signedIn.id, name: null }
    : { email: input.email, createsAccount: true, userId: null, name: typedName(input) };
  const open = and(eq(checkoutIntents.email, wanted.email), isNull(checkoutIntents.linkedAt), isNull(checkoutIntents.closedAt));
  // A stale or mismatched open checkout is closed, then ours (or a parallel request's) is the open one.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [made] = await db
      .insert(checkoutIntents)
      .values({ id: randomUUID(), flow: input.flow, ...wanted })
      .onConflictDoNothing()
      .returning();
    const intent = made ?? (await db.select().from(checkoutIntents).where(open))[0];
    if (!intent) continue; // closed or linked between our insert and our read: insert again
    const reusable =
      made ||
      (intent.flow === input.flow &&
        intent.createsAccount === wanted.createsAccount &&
        intent.userId === wanted.userId &&
        Date.now() - intent.createdAt.getTime() < CHECKOUT_REUSED_FOR_MS &&
        (await stillPayable(intent)));
    if (reusable) return answer(intent);
    await db
      .update(checkoutIntents)
      .set({ closedAt: new Date() })
      .where(and(eq(checkoutIntents.id, intent.id), isNull(checkoutIntents.linkedAt), isNull(checkoutIntents.closedAt)));
  }
  // Only when other requests for the e-mail keep replacing its checkout meanwhile.
  throw new AppError('CONFLICT', messages.billing.paymentRefused);
}

function answer(intent: IntentRow): CheckoutIntent {
  return {
    id: intent.id,
    email: intent.email,
    customerName: intent.name ?? intent.email,
  };
}

/** The name typed at checkout: none when blank or when the e-mail stands in for it (the spec's fallback). */
function typedName(input: { email: string; name?: string }): string | null {
  const name = input.name?.trim();
  return name && name.toLowerCase() !== input.email.toLowerCase() ? name : null;
}
