import { z } from 'zod';
import { subscriptionStatuses, type PaymentEvent } from '../payments-provider';

/**
 * A local webhook's body as the local provider signs it (`JSON.stringify` of a PaymentEvent, its dates
 * as ISO text), read through this schema: the dates come back as dates, and a body of no event's shape is refused.
 */
const subscription = z.object({
  id: z.string(),
  customerId: z.string(),
  customerEmail: z.string(),
  status: z.enum(subscriptionStatuses),
  currentPeriodEnd: z.coerce.date(),
  cancelAtPeriodEnd: z.boolean(),
});
const session = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  customerId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  reference: z.string().nullable(),
});
const event = { id: z.string(), created: z.number() };
const invoice = { invoiceId: z.string(), subscriptionId: z.string(), customerId: z.string() };

export const localWebhookEvent = z.discriminatedUnion('type', [
  z.object({ ...event, type: z.literal('checkout.session.completed'), session }),
  z.object({ ...event, type: z.literal('invoice.paid'), ...invoice, periodEnd: z.coerce.date() }),
  z.object({ ...event, type: z.literal('invoice.payment_failed'), ...invoice, message: z.string() }),
  z.object({ ...event, type: z.literal('customer.subscription.updated'), subscription }),
  z.object({ ...event, type: z.literal('customer.subscription.deleted'), subscription }),
]);

/** The body of a signed local webhook as its event; throws when it is not JSON or not an event. */
export function readLocalWebhookEvent(body: string): PaymentEvent {
  return localWebhookEvent.parse(JSON.parse(body));
}
