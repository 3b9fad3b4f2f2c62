import type { Db } from '../db/client';
import { hitRateLimit } from '../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Counts one check of an account's password against the account (by its e-mail): the password sign-in
 * and the Account page's change of password share this one allowance, so a guesser gains nothing by
 * switching between them. Answers 429 past 10 checks in 10 minutes.
 */
export function countPasswordCheck(db: Db, email: string): Promise<void> {
  return hitRateLimit(db, `password:email:${email}`, 10, 10 * MINUTE);
}
