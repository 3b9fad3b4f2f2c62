import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages } from '@rv/contracts/messages';
import type { Database, Db } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { Auth } from './create-auth';
import { toWebHeaders } from './request-headers';

export type UserRow = typeof users.$inferSelect;

/** What a session check reads: better-auth and the database (the caller hands in its services). */
export interface SessionServices {
  auth: Auth;
  database: Database;
}

/**
 * The database session in the request's cookie, or null. Every session read goes through here: a
 * session whose generation is not its user's current one began before a proof of the address and is
 * refused (ADR 032), whenever it was written.
 */
export async function readSession(services: SessionServices, request: FastifyRequest) {
  const session = await services.auth.api.getSession({ headers: toWebHeaders(request) });
  if (!session || session.session.generation !== session.user.sessionGeneration) return null;
  return session;
}

function prepareUserById(db: Db) {
  return db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('session_user_by_id');
}
/** The user lookup of every signed-in request, its SQL built once per database (a drizzle prepared query). */
const userByIdQueries = new WeakMap<Db, ReturnType<typeof prepareUserById>>();

async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  let query = userByIdQueries.get(db);
  if (!query) {
    query = prepareUserById(db);
    userByIdQueries.set(db, query);
  }
  const [user] = await query.execute({ id });
  return user;
}

/** The signed-in user (from the database session in the cookie), or null. */
export async function getSessionUser(services: SessionServices, request: FastifyRequest): Promise<UserRow | null> {
  const session = await readSession(services, request);
  if (!session) return null;
  return (await findUser(services.database.db, session.user.id)) ?? null;
}

export async function requireUser(services: SessionServices, request: FastifyRequest): Promise<UserRow> {
  const user = await getSessionUser(services, request);
  if (!user) throw new AppError('UNAUTHORIZED', messages.auth.pleaseLogIn);
  return user;
}

/** The signed-in user and the id of the session they called with (401 without one). */
export async function requireSession(services: SessionServices, request: FastifyRequest): Promise<{ user: UserRow; sessionId: string }> {
  const session = await readSession(services, request);
  const user = session ? await findUser(services.database.db, session.user.id) : undefined;
  if (!session || !user) throw new AppError('UNAUTHORIZED', messages.auth.pleaseLogIn);
  return { user, sessionId: session.session.id };
}

export async function requireAdmin(services: SessionServices, request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(services, request);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', messages.auth.noAdminAccess);
  return user;
}

/** Tool access: an active or trialing subscription. */
export function hasToolAccess(user: Pick<UserRow, 'subscriptionStatus'>): boolean {
  return user.subscriptionStatus === 'active' || user.subscriptionStatus === 'trialing';
}

export const NO_TOOL_ACCESS = messages.billing.noToolAccess;

export async function requireToolAccess(services: SessionServices, request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(services, request);
  if (!hasToolAccess(user)) throw new AppError('FORBIDDEN', NO_TOOL_ACCESS);
  return user;
}
