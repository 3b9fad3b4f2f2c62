import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';
import { messages } from '@rv/contracts/messages';
import { readJson } from '@rv/contracts/json';
import { magicLinkIdentifier, magicLinkRecord } from './magic-link-token';

/**
 * Server-only endpoints (never on the HTTP router; called through auth.api by our own handlers).
 *
 * Completes a magic-link sign-in with a POST (so a mail scanner that follows the GET link cannot use
 * the token up): the token must exist, be unexpired, belong to this e-mail, and is consumed once.
 */
export function signInPlugin() {
  return {
    id: 'room-visualizer-sign-in',
    endpoints: {
      consumeMagicLink: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ email: z.string(), token: z.string() }) },
        async (ctx) => {
          const { email, token } = ctx.body;
          const identifier = magicLinkIdentifier(token);
          const adapter = ctx.context.internalAdapter;
          const pending = await adapter.findVerificationValue(identifier);
          // A row that is not a sign-in link's record (not JSON, another shape) is no sign-in request.
          const record = pending && readJson(magicLinkRecord, pending.value);
          if (!pending || record?.email !== email) {
            throw new APIError('BAD_REQUEST', { message: messages.auth.noSignInRequest, code: 'NO_SIGN_IN_REQUEST' });
          }
          if (pending.expiresAt.getTime() < Date.now()) {
            await adapter.deleteVerificationByIdentifier(identifier);
            throw new APIError('BAD_REQUEST', { message: messages.validation.signInExpired, code: 'SIGN_IN_EXPIRED' });
          }
          const consumed = await adapter.consumeVerificationValue(identifier);
          if (!consumed) throw new APIError('BAD_REQUEST', { message: messages.auth.noSignInRequest, code: 'NO_SIGN_IN_REQUEST' });
          const found = await adapter.findUserByEmail(email);
          if (!found?.user) throw new APIError('NOT_FOUND', { message: messages.auth.userNotFound, code: 'USER_NOT_FOUND' });
          if (!found.user.emailVerified) await adapter.updateUser(found.user.id, { emailVerified: true });
          const session = await adapter.createSession(found.user.id);
          await setSessionCookie(ctx, { session, user: found.user });
          return ctx.json({ userId: found.user.id });
        },
      ),
      /** Signs in a user the server has already verified by other means (paid checkout, new account). */
      startSessionForUser: createAuthEndpoint.serverOnly({ method: 'POST', body: z.object({ userId: z.string() }) }, async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError('NOT_FOUND', { message: messages.auth.userNotFound, code: 'USER_NOT_FOUND' });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id });
      }),
    },
  } satisfies BetterAuthPlugin;
}
