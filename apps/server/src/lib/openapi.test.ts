import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@rv/contracts/routes/routes';
import type { RouteEntry } from '@rv/contracts/routes/route-entry';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { describeFromCatalogue, needsSession, SESSION_SCHEME } from './openapi';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
}
interface Document {
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

/** Fastify's `:name` and `*` in the OpenAPI document's `{name}` form. */
const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe("the API's document", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let doc: Document;
  beforeAll(async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  }, 120_000);
  afterAll(() => ctx.close());

  it('describes each operation from its catalogue entry: its name as operationId, its summary, the session cookie where the entry declares the 401', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const entries = Object.entries(routes) as [string, RouteEntry][];
    for (const { path, method, op } of operations) {
      const [name, entry] = entries.find(([, e]) => e.method === method.toUpperCase() && documentPath(e.path) === path) ?? [];
      expect(entry, `${method} ${path} is catalogued`).toBeDefined();
      expect(op.operationId).toBe(name);
      expect(op.summary?.length, `${name} has a summary`).toBeGreaterThan(0);
      expect(op.security).toEqual(needsSession(entry!) ? [{ [SESSION_SCHEME]: [] }] : []);
    }
    expect(operations.find(({ op }) => op.operationId === 'me')?.op.security).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(operations.find(({ op }) => op.operationId === 'health')?.op.security).toEqual([]);
  });

  it('names the session cookie better-auth sets as an apiKey in a cookie, and the server from PUBLIC_URL', () => {
    expect(doc.components.securitySchemes[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'rv.session_token' });
    expect(doc.servers).toEqual([{ url: TEST_ORIGIN }]);
  });

  it('claims a session only where the guard asks for one: each such call answers 401 without a cookie', async () => {
    const guarded = (Object.values(routes) as RouteEntry[]).filter((e) => needsSession(e) && e.method === 'GET' && !e.params && !e.query);
    expect(guarded.length).toBeGreaterThan(5);
    for (const entry of guarded) {
      const res = await ctx.app.inject({ method: 'GET', url: entry.path, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode, entry.path).toBe(401);
    }
  });

  it('refuses to start with a documented route that is not in the catalogue', async () => {
    const app = Fastify({ logger: false });
    describeFromCatalogue(app);
    expect(() => app.get('/api/not-catalogued', async () => 'no')).toThrow(/not in the contracts' catalogue/);
    app.get('/api/hidden', { schema: { hide: true } }, async () => 'yes');
    await app.close();
  });
});

describe("the API's document switched off (API_DOCS=false, production's default)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ API_DOCS: 'false' });
  }, 120_000);
  afterAll(() => ctx.close());

  it('serves neither the Swagger UI nor the JSON document', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('openapi');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
