import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { cookieHeader, createUser } from '../../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';

describe('sessions in production', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-that-is-long-enough-1234',
      // The cookie's production attributes, on the demo's stand-ins (ADR 036).
      ALLOW_DEMO_PROVIDERS: 'true',
    });
  });
  afterAll(() => ctx.close());

  it('sets an httpOnly, Secure, SameSite=Lax cookie whose session has an absolute lifetime', async () => {
    const { email, id } = await createUser(ctx.app.services.database.db, { password: 'a long password' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/password',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: 'a long password' },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieHeader(res.headers['set-cookie']);

    const [before] = await ctx.app.services.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const [after] = await ctx.app.services.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());

    await ctx.app.services.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, id));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
