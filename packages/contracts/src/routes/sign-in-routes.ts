import { routeTable } from '../route-table';
import { z } from 'zod';
import { checkUserAnswer, checkUserBody, loginAnswer, loginBody, passwordLoginBody, requestSigninBody } from '../api/billing';
import { errorBody, messageBody } from '../api/common';
import { defineRoute } from './route-entry';

/** Signing in and out (better-auth's own /api/auth/* routes stay better-auth's; the social start is listed for the client). */
export const signInRoutes = {
  checkUser: defineRoute({
    ...routeTable.checkUser,
    summary: 'Whether an e-mail has an account, and how it signs in',
    body: checkUserBody,
    responses: { 200: checkUserAnswer, 404: errorBody, 429: errorBody },
  }),
  requestSignin: defineRoute({
    ...routeTable.requestSignin,
    summary: 'Mails a sign-in link to an e-mail with an account',
    body: requestSigninBody,
    responses: { 200: messageBody, 404: errorBody, 429: errorBody },
  }),
  login: defineRoute({
    ...routeTable.login,
    summary: 'Signs in with the token of a mailed link',
    body: loginBody,
    responses: { 200: loginAnswer, 400: errorBody, 404: errorBody, 429: errorBody },
  }),
  passwordLogin: defineRoute({
    ...routeTable.passwordLogin,
    summary: 'Signs in with e-mail and password',
    body: passwordLoginBody,
    responses: { 200: loginAnswer, 401: errorBody, 429: errorBody },
  }),
  logout: defineRoute({
    ...routeTable.logout,
    summary: 'Signs out (ends this session)',
    body: z.unknown().optional(),
    responses: { 200: messageBody },
  }),
  /** better-auth's social sign-in start: answers the provider's URL to go to. */
  socialSignIn: defineRoute({
    ...routeTable.socialSignIn,
    summary: 'Starts a social sign-in: the provider’s URL to go to',
    body: z.object({ provider: z.literal('google'), callbackURL: z.string(), errorCallbackURL: z.string().optional() }),
    responses: { 200: z.object({ url: z.string() }) },
  }),
} as const;
