import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { routeTable } from '@rv/contracts/route-table';
import { makeSeedPicture, seedDesign, type SeedPicture } from '../../test/seed-designs';
import { roomDesigns, users } from '../db/schema';
import { signInNewUser } from '../../test/fixtures';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';

const EVIL = 'https://evil.example';

/** Ways to spell `/api/<rest>` that a router may decode, fold or match, or that a prefix test on the raw URL misses. */
function spellings(rest: string): string[] {
  const [first, ...others] = rest.split('/');
  const last = others.at(-1) ?? first!;
  const upperLastEscape = `${'%' + last.charCodeAt(0).toString(16).toUpperCase()}${last.slice(1)}`;
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/%2561pi/${rest}`,
    `/%41PI/${rest}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `///api/${rest}`,
    `/api%2F${rest}`,
    `/api%2f${rest}`,
    `/api/${rest.replaceAll('/', '%2F')}`,
    `/api/${[first, ...others.slice(0, -1), upperLastEscape].join('/')}`,
    `/api./${rest}`,
    `/api/${rest}.`,
    `/api/${rest}/`,
    `/api/${rest}%20`,
    `/api/${rest};x=1`,
    `/./api/${rest}`,
    `/x/../api/${rest}`,
    `/%2e/api/${rest}`,
    `/api/${rest}?next=/elsewhere`,
    `/api/${rest}#frag`,
  ];
}

describe('the cross-site check is judged whatever the spelling of the path', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let picture: SeedPicture;
  beforeAll(async () => {
    ctx = await createTestApp();
    picture = await makeSeedPicture({ width: 64, height: 48 });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
  const isPublic = async (designId: string) =>
    (await db().select({ isPublic: roomDesigns.isPublic }).from(roomDesigns).where(eq(roomDesigns.id, designId)))[0]!.isPublic;
  const signedIn = async (cookie: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode === 200;

  it("compares the Origin's scheme, host and port with PUBLIC_URL, never with the request's own Host header", async () => {
    const owner = await signInNewUser(ctx.app, db());
    const designId = await seedDesign(db(), ctx.app.services.storage, picture, { userId: owner.id });
    const ours = new URL(TEST_ORIGIN);
    const otherScheme = `${ours.protocol === 'https:' ? 'http' : 'https'}://${ours.host}`;
    const otherPort = `${ours.protocol}//${ours.hostname}:${Number(ours.port || 80) + 1}`;
    const refusals: Record<string, string>[] = [
      { origin: otherScheme },
      { origin: otherPort },
      { origin: 'null' },
      // A client (or a proxy) names the host itself: the attacker's own site matches its own Host header.
      { origin: EVIL, host: new URL(EVIL).host },
      { origin: `http://${ours.host}.evil.example` },
    ];
    for (const headers of refusals) {
      const res = await send('PUT', `/api/designs/${designId}/public`, owner.cookie, headers, { isPublic: true });
      expect([headers, res.statusCode]).toEqual([headers, 403]);
    }
    expect(await isPublic(designId)).toBe(false);
    const same = await send('PUT', `/api/designs/${designId}/public`, owner.cookie, { origin: TEST_ORIGIN }, { isPublic: true });
    expect(same.statusCode).toBe(200);
  });

  it('PUT /%61pi/designs/<id>/public and every other spelling is refused cross-site and changes nothing; same-origin still works', async () => {
    const owner = await signInNewUser(ctx.app, db());
    const designId = await seedDesign(db(), ctx.app.services.storage, picture, { userId: owner.id });
    const urls = spellings(`designs/${designId}/public`);
    for (const url of urls) {
      const crossSite: Record<string, string>[] = [
        { origin: EVIL },
        { origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const res = await send('PUT', url, owner.cookie, headers, { isPublic: true });
        expect([url, res.statusCode, res.json().error]).toEqual([url, 403, messages.server.forbiddenOrigin]);
      }
      expect([url, await isPublic(designId)]).toEqual([url, false]);
    }
    // The spelling the router decodes reaches the route from this site: the check refused the other site, not the path.
    const same = await send('PUT', `/%61pi/designs/${designId}/public`, owner.cookie, { origin: TEST_ORIGIN }, { isPublic: true });
    expect(same.statusCode).toBe(200);
    expect(await isPublic(designId)).toBe(true);
    const plain = await send('PUT', `/api/designs/${designId}/public`, owner.cookie, { origin: TEST_ORIGIN }, { isPublic: false });
    expect(plain.statusCode).toBe(200);
    expect(await isPublic(designId)).toBe(false);
  });

  it('POST /%61pi/logout and /%61pi/account/delete from another site leave the session and the account', async () => {
    const owner = await signInNewUser(ctx.app, db());
    for (const url of [...spellings('logout'), ...spellings('account/delete')]) {
      const res = await send('POST', url, owner.cookie, { origin: EVIL }, { email: owner.email });
      expect([url, res.statusCode, res.json().error]).toEqual([url, 403, messages.server.forbiddenOrigin]);
    }
    expect(await signedIn(owner.cookie)).toBe(true);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, owner.id))).toHaveLength(1);
    // From this site, the decoded spelling signs out.
    expect((await send('POST', '/%61pi/logout', owner.cookie, { origin: TEST_ORIGIN }, {})).statusCode).toBe(200);
    expect(await signedIn(owner.cookie)).toBe(false);
  });

  it('every state-changing call of the catalogue, spelled through an escape, is refused cross-site before its handler', async () => {
    const owner = await signInNewUser(ctx.app, db());
    const calls = Object.values(routeTable).filter((entry) => entry.method !== 'GET');
    expect(calls.length).toBeGreaterThan(20);
    for (const { method, path } of calls) {
      const rest = path.replace(/^\/api\//, '').replace(/:\w+/g, 'x1');
      for (const url of [`/api/${rest}`, `/%61pi/${rest}`, `//api/${rest}`, `/API/${rest}`]) {
        const res = await send(method, url, owner.cookie, { origin: EVIL }, {});
        expect([method, url, res.statusCode, res.json().error]).toEqual([method, url, 403, messages.server.forbiddenOrigin]);
      }
    }
    expect(await signedIn(owner.cookie)).toBe(true);
  });
});
