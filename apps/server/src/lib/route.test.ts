import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@rv/contracts/routes/routes';
import { createTestApp } from '../../test/test-app';

/** Mounted by better-auth under /api/auth/*, not by a route file (google-sign-in.test.ts calls it). */
const BETTER_AUTH: readonly RouteName[] = ['socialSignIn'];

let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the catalogue and the server', () => {
  it('has a handler for every call of the catalogue, at its method and path', () => {
    const missing = (Object.keys(routes) as RouteName[])
      .filter((name) => !BETTER_AUTH.includes(name))
      .filter((name) => !app.app.hasRoute({ method: routes[name].method, url: routes[name].path }));
    expect(missing).toEqual([]);
  });
});
