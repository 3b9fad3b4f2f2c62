import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** Magic-link tokens: 256 random bits in the link, only their SHA-256 kept in the database. */
export function newMagicLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function magicLinkIdentifier(token: string): string {
  return `magic-link:${createHash('sha256').update(token).digest('base64url')}`;
}

/** The verification row's value of a sign-in link (JSON text). */
export const magicLinkRecord = z.object({ type: z.literal('magic-link'), email: z.string() });
export type MagicLinkRecord = z.infer<typeof magicLinkRecord>;
