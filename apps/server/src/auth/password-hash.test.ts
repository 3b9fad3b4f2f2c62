import { describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_HASH_COST } from '../config/env';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it("carry their cost: one made at production's is verified at it, one made cheaper (the tests') at its own", async () => {
    const strong = await hashPassword('correct horse', PRODUCTION_PASSWORD_HASH_COST);
    expect(strong.split('$').slice(0, 4)).toEqual(['scrypt', '65536', '8', '2']);
    const cheap = await hashPassword('correct horse', 10);
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '2']);
    for (const hash of [strong, cheap]) {
      expect(await verifyPassword({ hash, password: 'correct horse' })).toBe(true);
      expect(await verifyPassword({ hash, password: 'correct horsf' })).toBe(false);
    }
    expect(await verifyPassword({ hash: 'bcrypt$whatever', password: 'correct horse' })).toBe(false);
  });
});
