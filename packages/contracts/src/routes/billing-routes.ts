import { portalSessionAnswer, portalSessionBody } from '../api/account';
import {
  createAccountBody,
  createCheckoutSessionAnswer,
  createCheckoutSessionBody,
  createSubscriptionAnswer,
  createSubscriptionBody,
  localCheckoutAnswer,
  localConfirmAnswer,
  localConfirmBody,
  localPayAnswer,
  localPayBody,
  localPaymentIdParam,
  localPortalAnswer,
  loginAnswer,
  verifyPaymentAnswer,
  verifyPaymentBody,
} from '../api/billing';
import { errorBody } from '../api/common';
import { defineRoute } from './route-entry';

/** Subscribing, paying and the offline payment provider's pages (PAYMENTS=local). */
export const billingRoutes = {
  createSubscription: defineRoute({
    method: 'POST',
    path: '/api/create-subscription',
    body: createSubscriptionBody,
    responses: { 200: createSubscriptionAnswer, 400: errorBody, 429: errorBody },
  }),
  createCheckoutSession: defineRoute({
    method: 'POST',
    path: '/api/create-checkout-session',
    body: createCheckoutSessionBody,
    responses: { 200: createCheckoutSessionAnswer, 400: errorBody, 429: errorBody },
  }),
  verifyPayment: defineRoute({
    method: 'POST',
    path: '/api/verify-payment',
    body: verifyPaymentBody,
    responses: { 200: verifyPaymentAnswer, 404: errorBody, 429: errorBody },
  }),
  createAccount: defineRoute({
    method: 'POST',
    path: '/api/create-account',
    body: createAccountBody,
    responses: { 200: loginAnswer, 403: errorBody, 409: errorBody, 429: errorBody },
  }),
  createPortalSession: defineRoute({
    method: 'POST',
    path: '/api/create-portal-session',
    body: portalSessionBody,
    responses: { 200: portalSessionAnswer, 400: errorBody, 401: errorBody },
  }),
  /** The payment provider's webhook: a signed raw body, answered by the provider adapter. */
  paymentsWebhook: defineRoute({ method: 'POST', path: '/api/payments/webhook', raw: true, responses: {} }),
  localConfirm: defineRoute({
    method: 'POST',
    path: '/api/local-payments/confirm',
    body: localConfirmBody,
    responses: { 200: localConfirmAnswer, 400: errorBody, 402: errorBody },
  }),
  localCheckout: defineRoute({
    method: 'GET',
    path: '/api/local-payments/checkout/:id',
    params: localPaymentIdParam,
    responses: { 200: localCheckoutAnswer, 404: errorBody },
  }),
  localPay: defineRoute({
    method: 'POST',
    path: '/api/local-payments/checkout/:id/pay',
    params: localPaymentIdParam,
    body: localPayBody,
    responses: { 200: localPayAnswer, 400: errorBody, 402: errorBody },
  }),
  localPortal: defineRoute({
    method: 'GET',
    path: '/api/local-payments/portal/:id',
    params: localPaymentIdParam,
    responses: { 200: localPortalAnswer, 404: errorBody },
  }),
  localPortalCancel: defineRoute({
    method: 'POST',
    path: '/api/local-payments/portal/:id/cancel',
    params: localPaymentIdParam,
    responses: { 200: localPortalAnswer, 400: errorBody, 404: errorBody },
  }),
  localPortalResume: defineRoute({
    method: 'POST',
    path: '/api/local-payments/portal/:id/resume',
    params: localPaymentIdParam,
    responses: { 200: localPortalAnswer, 400: errorBody, 404: errorBody },
  }),
} as const;
