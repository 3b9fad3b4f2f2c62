import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { GenericEndpointContext } from 'better-auth';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { adminAuditLog, accounts, rateLimits, sessions, users, verifications } from '../db/schema';
import { recordFirstProof, type ProvingSignIn } from './first-proof';
import { hashPassword, verifyPassword } from './password-hash';
import { CLIENT_IP_HEADER } from './request-headers';
import { sessionStampFor } from './session-stamp';
import { signInPlugin } from './sign-in-plugin';

/** better-auth's cookie prefix: the session cookie is `rv.session_token` (`__Secure-` in production). */
export const AUTH_COOKIE_PREFIX = 'rv';

/** The session cookie's name as better-auth sets it (Secure cookies, hence `__Secure-`, in production). */
export const sessionCookieName = (isProduction: boolean) => `${isProduction ? '__Secure-' : ''}${AUTH_COOKIE_PREFIX}.session_token`;

export const SESSION_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
export const GOOGLE_PROVIDER_ID = 'google';
const GOOGLE_DISCOVERY = 'https://accounts.google.com/.well-known/openid-configuration';

/**
 * better-auth on our database, hardened: database sessions with an absolute lifetime (never slid) and
 * no cookie cache (revocation is immediate), Secure cookies in production, rate limits stored in the
 * database, our own scrypt hash, no sign-up through any sign-in method (accounts come from payment).
 */
export function createAuth(config: Config, db: Db) {
  /**
   * The linked sign-in an OAuth callback used for this session: its account row was written (linked, or
   * its tokens refreshed) by this very callback just before the session, so it is the newest of that
   * provider's rows for the user. Null for every other sign-in (a link), which links nothing.
   */
  async function provingSignIn(context: GenericEndpointContext | null, userId: string): Promise<ProvingSignIn | undefined> {
    const providerId = context?.path === '/callback/:id' ? (context.params as { id?: string } | undefined)?.id : undefined;
    if (!providerId) return undefined;
    const [account] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)))
      .orderBy(desc(accounts.updatedAt))
      .limit(1);
    return account ? { accountRowId: account.id } : undefined;
  }

  const googleConfigured = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  return betterAuth({
    appName: 'Room Visualizer',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'user' },
        sessionGeneration: { type: 'number', input: false, defaultValue: 0 },
      },
    },
    session: {
      // The user's session generation when the sign-in began (ADR 032), set by the hook below.
      additionalFields: { generation: { type: 'number', input: false, defaultValue: 0 } },
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_LIFETIME_SECONDS * 2,
      cookieCache: { enabled: false },
    },
    verification: { disableCleanup: true },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: (password) => hashPassword(password, config.PASSWORD_HASH_COST), verify: verifyPassword },
    },
    // No trustedProviders: a Google e-mail links to an account only when Google says it verified that
    // address (Google is authoritative only for its own and Workspace addresses). That proof may be the
    // account's first (an account a checkout made is unverified): the link then marks the address
    // verified and the session hook below ends whatever existed before it.
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: false } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 60,
      customRules: { '/sign-in/social': { window: 60, max: 10 }, '/sign-in/email': { window: 60, max: 10 } },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The client address Fastify worked out (through TRUST_PROXY only), never a header the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // A session made right after the address was first proven (magic link, Google) ends every
          // session and password made before that proof, and carries the generation the proof raised.
          // A sign-in that read its generation before checking its credential (password, return pages:
          // auth/session-stamp.ts) is stamped with that one instead, and is never itself a proof.
          before: async (session, context) => {
            const stamp = sessionStampFor(session.userId);
            if (stamp) return { data: { ...session, generation: stamp.generation } };
            const [user] = await db
              .select({ emailVerified: users.emailVerified, emailProvenAt: users.emailProvenAt, generation: users.sessionGeneration })
              .from(users)
              .where(eq(users.id, session.userId));
            if (!user) return;
            let generation = user.generation;
            if (user.emailVerified && !user.emailProvenAt) {
              const proven = await recordFirstProof(db, session.userId, await provingSignIn(context, session.userId));
              if (proven !== null) {
                generation = proven;
              } else {
                // Another proof came first: carry the generation it left.
                const [now] = await db.select({ generation: users.sessionGeneration }).from(users).where(eq(users.id, session.userId));
                generation = now?.generation ?? generation;
              }
            }
            return { data: { ...session, generation } };
          },
          // E-mails listed in ADMIN_EMAILS are made admins at sign-in, once their owner has proven them.
          after: async (session) => {
            const [user] = await db
              .select({ email: users.email, role: users.role, emailProvenAt: users.emailProvenAt })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user?.emailProvenAt && user.role !== 'admin' && config.ADMIN_EMAILS.includes(user.email)) {
              await db.transaction(async (tx) => {
                await tx.update(users).set({ role: 'admin' }).where(eq(users.id, session.userId));
                await tx.insert(adminAuditLog).values({
                  id: randomUUID(),
                  actorEmail: 'ADMIN_EMAILS',
                  targetEmail: user.email,
                  action: 'grant-admin',
                  details: { previousRole: user.role },
                });
              });
            }
          },
        },
      },
    },
    plugins: [
      signInPlugin(),
      ...(googleConfigured
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  clientId: config.GOOGLE_CLIENT_ID!,
                  clientSecret: config.GOOGLE_CLIENT_SECRET!,
                  discoveryUrl: config.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  disableSignUp: true,
                  disableImplicitSignUp: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
