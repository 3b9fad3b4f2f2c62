import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '@rv/contracts/route-table';
import { signInNewUser } from './fixtures';
import { createTestApp, TEST_ORIGIN } from './test-app';

/**
 * The malformed-input walk: every route of the catalogue, asked by a signed-in admin (who passes
 * every guard, so the input reaches the code behind it) with malformed ids, queries and bodies. No answer
 * may be a 500: what a client sends wrong is a 4xx that says so.
 */
const BAD_IDS = ['%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(600), "'%3B drop table users; --", '%E2%80%AE', '-1', '0x', '%25'];
const BAD_QUERIES = [
  'page=-1&limit=abc',
  'page=1e400&limit=99999999999999999999',
  'q[]=a&q[]=b&page[]=1',
  'scope=nope&email=%00&token=%FF',
  `q=${'z'.repeat(5000)}`,
  'url=javascript:alert(1)&returnUrl=http://[::1',
];
const BAD_BODIES: { type: string; payload: string }[] = [
  { type: 'application/json', payload: '{"email":' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '[1,2,3]' },
  { type: 'application/json', payload: '"just a string"' },
  {
    type: 'application/json',
    payload: JSON.stringify({ email: 42, token: {}, returnUrl: [], password: null, page: 'x', isPublic: 'yes' }),
  },
  { type: 'application/json', payload: JSON.stringify({ email: 'a@b.c', returnUrl: 'http://[::1', newPassword: 'x'.repeat(10_000) }) },
  { type: 'text/plain', payload: 'plain text' },
  { type: 'multipart/form-data; boundary=broken', payload: '--broken\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=%ZZ&b' },
  { type: 'application/json', payload: JSON.stringify({ email: 'a\u0000@b.c', name: 'x\u0000', token: '\u0000', feedback: '\u0000' }) },
  {
    type: 'multipart/form-data; boundary=nul',
    payload:
      '--nul\r\nContent-Disposition: form-data; name="name"\r\n\r\nRo\u0000bin\r\n--nul\r\nContent-Disposition: form-data; name="styleDescription"\r\n\r\n\u0000\r\n--nul--\r\n',
  },
];

describe('the malformed-input walk: no route answers 500', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = (await signInNewUser(ctx.app, ctx.app.services.database.db, { role: 'admin' })).cookie;
  });
  afterAll(() => ctx.close());

  /** The route's path with each parameter (and a trailing *) replaced by `id`. */
  const withId = (path: string, id: string) => path.replace(/:[A-Za-z_]+/g, id).replace(/\*$/, id);

  it('every route, with malformed ids, queries and bodies, answers below 500', async () => {
    const failures: string[] = [];
    let asked = 0;
    for (const [name, { method, path }] of Object.entries(routeTable)) {
      const urls = new Set<string>();
      for (const id of BAD_IDS) urls.add(withId(path, id));
      for (const query of BAD_QUERIES) urls.add(`${withId(path, 'some-id')}?${query}`);
      for (const url of urls) {
        const requests = method === 'GET' ? [undefined] : BAD_BODIES;
        for (const body of requests) {
          const res = await ctx.app.inject({
            method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
            url,
            headers: { origin: TEST_ORIGIN, cookie, ...(body ? { 'content-type': body.type } : {}) },
            ...(body ? { payload: body.payload } : {}),
          });
          asked += 1;
          if (res.statusCode >= 500)
            failures.push(
              `${name} ${method} ${url.slice(0, 120)} ${body?.type ?? ''} ${body?.payload.slice(0, 60) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
        }
      }
    }
    expect(asked).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
