import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { createUser } from '../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { isBrowserAuthEndpoint } from './auth-routes';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Every endpoint better-auth defines (its `api`), as method and path under /api/auth. */
function betterAuthEndpoints(ctx: TestApp): { name: string; method: string; path: string }[] {
  const found: { name: string; method: string; path: string }[] = [];
  for (const [name, endpoint] of Object.entries(ctx.app.services.auth.api as Record<string, unknown>)) {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    if (typeof path !== 'string') continue;
    const methods = options?.method === '*' ? ['GET', 'POST'] : [options?.method ?? 'GET'].flat();
    for (const method of methods) found.push({ name, method, path: `/api/auth${path.replace(/:[A-Za-z]+/g, 'google')}` });
  }
  return found;
}

describe("better-auth's own endpoints", () => {
  let ctx: TestApp;
  beforeAll(async () => {
    // Google configured (so its endpoints exist), its discovery on a closed local port: nothing leaves this machine.
    ctx = await createTestApp({
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:9/.well-known/openid-configuration',
    });
  });
  afterAll(() => ctx.close());

  it('answer 404 over HTTP, except the Google sign-in start and its callback', async () => {
    const endpoints = betterAuthEndpoints(ctx);
    // The list is better-auth's, not ours: it holds its password, e-mail and session endpoints.
    expect(endpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/change-password', '/api/auth/get-session']),
    );
    const reachable: string[] = [];
    for (const { method, path } of endpoints) {
      const res = await ctx.app.inject({
        method: method as 'GET' | 'POST',
        url: path,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: method === 'GET' ? undefined : '{}',
      });
      if (res.statusCode !== 404) reachable.push(`${method} ${path}`);
      else expect(res.json()).toEqual({ error: messages.server.notFound, code: 'NOT_FOUND' });
    }
    expect(reachable.sort()).toEqual(['GET /api/auth/callback/google', 'POST /api/auth/sign-in/social']);
    expect(reachable.every((entry) => isBrowserAuthEndpoint(entry.split(' ')[0]!, entry.split(' ')[1]!))).toBe(true);
  });

  it('the per-e-mail password limit holds through every path that checks a password', async () => {
    const password = 'the right password';
    const { email } = await createUser(ctx.app.services.database.db, { email: 'limited@example.com', password });
    // Ten wrong guesses from ten addresses use up the e-mail's allowance...
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/password',
        remoteAddress: `203.0.113.${i + 1}`,
        headers: { origin: TEST_ORIGIN },
        payload: { email, password: `guess ${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    // ...after which even the right password is refused, from a fresh address, on our route...
    const limited = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/password',
      remoteAddress: '198.51.100.7',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password },
    });
    expect(limited.statusCode).toBe(429);
    // ...and better-auth's endpoints that take a password are not there to try instead.
    for (const path of [
      'sign-in/email',
      'sign-up/email',
      'change-password',
      'set-password',
      'delete-user',
      'change-email',
      'reset-password',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/${path}`,
        remoteAddress: '198.51.100.8',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password, newPassword: 'x'.repeat(12), currentPassword: password }),
      });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['set-cookie'], path).toBeUndefined();
    }
  });
});

describe('client addresses come from X-Forwarded-For only through configured proxies (TRUST_PROXY)', () => {
  /** request-signin allows 20 a minute per address: the 21st from one address is refused. */
  async function twentyOneFromOneClient(ctx: TestApp) {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/request-signin',
        remoteAddress: '192.0.2.10',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: `nobody-${i}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('by default a client that sends X-Forwarded-For is still limited by its own address', async () => {
    const ctx = await createTestApp();
    try {
      const statuses = await twentyOneFromOneClient(ctx);
      expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await ctx.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, the address it forwards is the one limited', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: '192.0.2.10' });
    try {
      const statuses = await twentyOneFromOneClient(ctx);
      expect(statuses.every((status) => status === 404)).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('a client the proxy list does not name cannot choose its address', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      expect((await twentyOneFromOneClient(ctx))[20]).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});
