import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@rv/contracts/messages';
import { AppError } from '../../lib/app-error';
import { PaymentError } from '../../payments/payments-provider';

/**
 * Provider refusals become answers a person can read: a PaymentError's message is always in our words
 * (the Stripe adapter keeps Stripe's own text as its cause, which goes to the log with the request).
 * The rest are server faults.
 */
export function toAppError(error: unknown, log?: FastifyBaseLogger): never {
  if (error instanceof PaymentError) {
    if (error.cause) log?.warn({ err: error.cause, code: error.code }, 'payment provider refused');
    if (error.code === 'card_declined') throw new AppError('PAYMENT_REQUIRED', error.message);
    if (error.code === 'portal_not_activated') throw new AppError('BAD_REQUEST', messages.account.portalNotActivated);
    if (error.code === 'provider_unavailable')
      throw new AppError('SERVICE_UNAVAILABLE', 'The payment service is not reachable. Please try again in a minute.');
    throw new AppError('BAD_REQUEST', error.message);
  }
  throw error;
}
