import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../src/auth/password-hash';
import type { Db } from '../src/db/client';
import { accounts, users } from '../src/db/schema';
import { briefWith } from './engine-fixtures';
import { TEST_PASSWORD_HASH_COST } from './test-app';
import type { BriefLook, DesignBrief } from '../src/domain/design-brief';

/** Inserts a user (an active subscriber by default), with a password account when one is given. */
export async function createUser(
  db: Db,
  options: {
    email?: string;
    name?: string;
    subscriptionStatus?: string;
    role?: string;
    password?: string;
    transformationsUsed?: number;
  } = {},
) {
  const id = randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({
    id,
    email,
    name: options.name ?? 'Test User',
    emailVerified: true,
    emailProvenAt: new Date(),
    subscriptionStatus: options.subscriptionStatus ?? 'active',
    role: options.role ?? 'user',
    transformationsUsed: options.transformationsUsed ?? 0,
  });
  if (options.password) {
    await db
      .insert(accounts)
      .values({
        id: randomUUID(),
        userId: id,
        accountId: id,
        providerId: 'credential',
        password: await hashPassword(options.password, TEST_PASSWORD_HASH_COST),
      });
  }
  return { id, email };
}

/** Decodes a quoted-printable mail body part enough to read links from it. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The mail in DATA_DIR/outbox (decoded), oldest first; only to `email` when given. */
export function outboxMail(dataDir: string, email?: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8')))
    .filter((eml) => email === undefined || eml.includes(`To: ${email}`));
}

/** The sign-in links in the outbox messages to `email`, oldest first. */
export function signInLinksFromOutbox(dataDir: string, email: string): string[] {
  return outboxMail(dataDir, email)
    .map((eml) => eml.match(/https?:\/\/[^\s"<>]+\/process-login\?[^\s"<>]+/)?.[0])
    .filter((link): link is string => Boolean(link))
    .map((link) => link.replaceAll('&amp;', '&'));
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** A new subscriber (createUser's options) signed in through the password call: answers the id and the Cookie header. */
export async function signInNewUser(
  app: {
    inject: (options: {
      method: 'POST';
      url: string;
      headers: Record<string, string>;
      payload: object;
    }) => Promise<{ headers: Record<string, unknown> }>;
  },
  db: Db,
  options: Parameters<typeof createUser>[1] = {},
) {
  const password = 'a long password';
  const { email, id } = await createUser(db, { password, ...options });
  const res = await app.inject({
    method: 'POST',
    url: '/api/login/password',
    headers: { origin: 'http://localhost:3000' },
    payload: { email, password },
  });
  return { id, email, cookie: cookieHeader(res.headers['set-cookie'] as string[] | string | undefined) };
}

/** A plain furnishing brief (no items, no inspiration, no architectural changes) for tests that need a design row. */
export const plainBrief = (styleDescription = ''): DesignBrief => briefWith({ styleDescription });

/** A living room's look carrying only its measured palette (no materials, forms or pieces), as the offline engine's tests take it. */
export const paletteLook = (palette: BriefLook['palette']): BriefLook => ({
  roomWords: 'living room',
  palette,
  materials: [],
  forms: [],
  pieces: [],
  mood: 'calm',
  sourceImageKey: 'unused',
});
