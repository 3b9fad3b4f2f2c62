import { routeTable } from '../route-table';
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
    ...routeTable.createSubscription,
    summary: 'Starts a subscription for the checkout’s e-mail (the payment form’s client secret)',
    body: createSubscriptionBody,
    responses: { 200: createSubscriptionAnswer, 400: errorBody, 409: errorBody, 429: errorBody, 503: errorBody },
  }),
  createCheckoutSession: defineRoute({
    ...routeTable.createCheckoutSession,
    summary: 'Opens a hosted checkout for the e-mail given (its URL)',
    body: createCheckoutSessionBody,
    responses: { 200: createCheckoutSessionAnswer, 400: errorBody, 409: errorBody, 429: errorBody, 503: errorBody },
  }),
  verifyPayment: defineRoute({
    ...routeTable.verifyPayment,
    summary: 'Checks a finished checkout by its session id',
    body: verifyPaymentBody,
    responses: { 200: verifyPaymentAnswer, 404: errorBody, 429: errorBody },
  }),
  createAccount: defineRoute({
    ...routeTable.createAccount,
    summary: 'Sets the password of the account a checkout made',
    body: createAccountBody,
    responses: { 200: loginAnswer, 403: errorBody, 409: errorBody, 429: errorBody },
  }),
  createPortalSession: defineRoute({
    ...routeTable.createPortalSession,
    summary: 'Opens the billing portal of the signed-in subscriber (its URL)',
    body: portalSessionBody,
    responses: { 200: portalSessionAnswer, 400: errorBody, 401: errorBody },
  }),
  /** The payment provider's webhook: a signed raw body, answered by the provider adapter. */
  paymentsWebhook: defineRoute({
    ...routeTable.paymentsWebhook,
    summary: 'The payment provider’s signed webhook',
    raw: true,
    responses: {},
  }),
  localConfirm: defineRoute({
    ...routeTable.localConfirm,
    summary: 'Local payments: confirms a simulated card payment',
    body: localConfirmBody,
    responses: { 200: localConfirmAnswer, 400: errorBody, 402: errorBody },
  }),
  localCheckout: defineRoute({
    ...routeTable.localCheckout,
    summary: 'Local payments: one simulated checkout',
    params: localPaymentIdParam,
    responses: { 200: localCheckoutAnswer, 404: errorBody },
  }),
  localPay: defineRoute({
    ...routeTable.localPay,
    summary: 'Local payments: pays a simulated checkout',
    params: localPaymentIdParam,
    body: localPayBody,
    responses: { 200: localPayAnswer, 400: errorBody, 402: errorBody },
  }),
  localPortal: defineRoute({
    ...routeTable.localPortal,
    summary: 'Local payments: one simulated billing portal',
    params: localPaymentIdParam,
    responses: { 200: localPortalAnswer, 404: errorBody },
  }),
  localPortalCancel: defineRoute({
    ...routeTable.localPortalCancel,
    summary: 'Local payments: cancels the subscription from the simulated portal',
    params: localPaymentIdParam,
    responses: { 200: localPortalAnswer, 400: errorBody, 404: errorBody },
  }),
  localPortalResume: defineRoute({
    ...routeTable.localPortalResume,
    summary: 'Local payments: resumes the subscription from the simulated portal',
    params: localPaymentIdParam,
    responses: { 200: localPortalAnswer, 400: errorBody, 404: errorBody },
  }),
} as const;
