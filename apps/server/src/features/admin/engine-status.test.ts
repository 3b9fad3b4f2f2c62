import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineStatusAnswer } from '@rv/contracts/api/admin-engines';
import { engineCalls, roomDesigns } from '../../db/schema';
import { plainBrief, signInNewUser } from '../../../test/fixtures';
import { createTestApp } from '../../../test/test-app';

describe('GET /api/admin/engines', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ IMAGE_ENGINE: 'openai', OPENAI_API_KEY: 'test-openai-key', OPENAI_IMAGE_MODEL: 'gpt-image-2' });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.app.services.database.db;

  async function design(userId: string, status: 'done' | 'failed', createdAt = new Date()) {
    const id = randomUUID();
    await db()
      .insert(roomDesigns)
      .values({
        id,
        userId,
        tool: 'furnishing',
        status,
        brief: plainBrief(),
        original: { key: `designs/${id}/original.webp`, thumbKey: `designs/${id}/original-thumb.webp`, width: 800, height: 600 },
        createdAt,
      });
    return id;
  }
  async function call(values: Partial<typeof engineCalls.$inferInsert> & { designId: string; userId: string; estimatedCostUsd: number }) {
    await db()
      .insert(engineCalls)
      .values({
        id: randomUUID(),
        kind: 'image',
        engine: 'openai',
        model: 'gpt-image-2',
        operation: 'redesign',
        ok: true,
        latencyMs: 900,
        ...values,
      });
  }

  it('shows the engines and models in use, the last failure with its cause, the failed share of 24 hours, and the cost per design and per subscriber next to the price', async () => {
    const admin = await signInNewUser(ctx.app, db(), { role: 'admin' });
    const heavy = await signInNewUser(ctx.app, db(), { email: 'heavy@example.com' });
    const light = await signInNewUser(ctx.app, db(), { email: 'light@example.com' });
    const d1 = await design(heavy.id, 'done');
    const d2 = await design(heavy.id, 'done');
    const d3 = await design(light.id, 'failed');
    await design(light.id, 'failed', new Date(Date.now() - 3 * 24 * 60 * 60 * 1000)); // older than a day: not counted
    await call({ designId: d1, userId: heavy.id, estimatedCostUsd: 7.5 });
    await call({ designId: d2, userId: heavy.id, estimatedCostUsd: 6 });
    await call({
      designId: d2,
      userId: heavy.id,
      estimatedCostUsd: 0.01,
      kind: 'vision',
      engine: 'local',
      model: 'local',
      operation: 'analyzeDesign',
    });
    await call({
      designId: d3,
      userId: light.id,
      estimatedCostUsd: 0,
      ok: false,
      error: 'The image service is not available right now. Please try again later.',
      cause: 'The model `gpt-image-1` does not exist or you do not have access to it.',
      status: 404,
    });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/engines', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const answer = engineStatusAnswer.parse(res.json());
    expect(answer.engines).toEqual([
      {
        kind: 'image',
        engine: 'openai',
        model: 'gpt-image-2',
        via: 'OpenAI',
        lastFailure: expect.objectContaining({
          operation: 'redesign',
          cause: 'The model `gpt-image-1` does not exist or you do not have access to it.',
        }),
        modelCheck: null, // no engine check ran in this process
        deprecation: null,
      },
      { kind: 'vision', engine: 'local', model: 'local', via: 'this server', lastFailure: null, modelCheck: null, deprecation: null },
    ]);
    expect(answer.last24h).toEqual({ designs: 3, failed: 1, failedShare: 1 / 3 });
    expect(answer.month.designs).toBe(3);
    expect(answer.month.costUsd).toBeCloseTo(13.51, 6);
    expect(answer.month.costPerDesignUsd).toBeCloseTo(13.51 / 3, 6);
    expect(answer.month.subscribers).toEqual([
      { email: 'heavy@example.com', designs: 2, costUsd: expect.closeTo(13.51, 6), paysUsd: 12 },
      { email: 'light@example.com', designs: 1, costUsd: 0, paysUsd: 12 },
    ]);
  });

  it("shows what the last engine check said of each model: the refusal with the listed models of the same kind, the warnings, and the table's deprecation", async () => {
    const admin = await signInNewUser(ctx.app, db(), { role: 'admin' });
    const at = new Date('2026-11-25T12:00:00Z');
    ctx.app.services.engineChecks.remember(
      [
        {
          choice: { kind: 'image', engine: 'openai', model: 'gpt-image-2', via: 'OpenAI' },
          depth: 'list',
          ok: false,
          latencyMs: 40,
          error:
            "not in the service's list of models; asked for it by name, it answered: The model `gpt-image-2` does not exist or you do not have access to it. (HTTP 404)",
          refused: { suggestions: ['gpt-image-2.6-sunburst', 'gpt-image-2.6-flare'] },
          warnings: [],
        },
        {
          choice: { kind: 'vision', engine: 'local', model: 'local', via: 'this server' },
          depth: 'list',
          ok: true,
          latencyMs: 0,
          warnings: [],
        },
      ],
      at,
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/engines', headers: { cookie: admin.cookie } });
    const [image, vision] = engineStatusAnswer.parse(res.json()).engines;
    expect(image?.modelCheck).toEqual({
      at: at.toISOString(),
      realCall: false,
      ok: false,
      latencyMs: 40,
      imageSize: null,
      said: "not in the service's list of models; asked for it by name, it answered: The model `gpt-image-2` does not exist or you do not have access to it. (HTTP 404)",
      suggestions: ['gpt-image-2.6-sunburst', 'gpt-image-2.6-flare'],
      warnings: [],
    });
    expect(vision?.modelCheck).toMatchObject({ ok: true, said: null });
  });

  it('is for admins only', async () => {
    const subscriber = await signInNewUser(ctx.app, db());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/engines', headers: { cookie: subscriber.cookie } })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/engines' })).statusCode).toBe(401);
  });
});
