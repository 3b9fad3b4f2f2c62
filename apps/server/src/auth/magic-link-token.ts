import { createHash, randomBytes } from 'node:crypto';

/** Magic-link tokens: 256 random bits in the link, only their SHA-256 kept in the database. */
export function newMagicLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function magicLinkIdentifier(token: string): string {
  return `magic-link:${createHash('sha256').update(token).digest('base64url')}`;
}

export interface MagicLinkRecord {
  type: 'magic-link';
  email: string;
}
