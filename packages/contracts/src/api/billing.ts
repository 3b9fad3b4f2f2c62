import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { emailSchema } from '../email';
import { messages } from '../messages';

/** POST /api/create-subscription */
export const createSubscriptionBody = z.object({ email: emailSchema, name: z.string().trim().max(100).optional() });
export const createSubscriptionAnswer = z.object({
  clientSecret: z.string().optional(),
  customerId: z.string().optional(),
  subscriptionId: z.string().optional(),
  error: z.string().optional(),
});
/** POST /api/create-checkout-session */
export const createCheckoutSessionBody = z.object({ email: emailSchema, name: z.string().trim().max(100).optional() });
export const createCheckoutSessionAnswer = z.object({ url: z.string() });
/** POST /api/verify-payment */
export const verifyPaymentBody = z.object({ sessionId: z.string().min(1).max(300) });
export const verifyPaymentAnswer = z.object({ success: z.boolean(), message: z.string() });
/** POST /api/create-account */
export const createAccountBody = z.object({
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN, messages.validation.passwordTooShort).max(PASSWORD_MAX),
  stripeCustomerId: z.string().min(1).max(200),
  stripeSubscriptionId: z.string().min(1).max(200),
  /** The name typed at checkout (it may have been typed after the subscription was made); blank: none. */
  name: z.string().trim().max(100).optional(),
});
/** POST /api/check-user */
export const checkUserBody = z.object({ email: emailSchema });
export const checkUserAnswer = z.object({ success: z.boolean(), user: z.object({ request_signin: z.string().nullable() }).optional() });
/** POST /api/login */
export const loginBody = z.object({ email: emailSchema, token: z.string().min(1).max(200) });
export const passwordLoginBody = z.object({ email: emailSchema, password: z.string().min(1).max(PASSWORD_MAX) });
export const loginAnswer = z.object({ user: z.object({ email: z.string(), name: z.string(), hasToolAccess: z.boolean() }) });
/** POST /api/request-signin */
export const requestSigninBody = z.object({ email: emailSchema });

/** The offline payment provider's pages (PAYMENTS=local). */
export const localCard = z.object({ number: z.string().max(30), expiry: z.string().max(7), cvc: z.string().max(4) });
export const localPortalAnswer = z.object({
  status: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  returnUrl: z.string(),
  email: z.string(),
});
export const localPaymentIdParam = z.object({ id: z.string().min(1).max(100) });
export const localConfirmBody = z.object({ clientSecret: z.string().max(200), card: localCard });
export const localConfirmAnswer = z.object({ status: z.literal('succeeded') });
export const localCheckoutAnswer = z.object({ email: z.string(), status: z.string(), cancelUrl: z.string() });
export const localPayBody = z.object({ card: localCard });
export const localPayAnswer = z.object({ redirectUrl: z.string() });
