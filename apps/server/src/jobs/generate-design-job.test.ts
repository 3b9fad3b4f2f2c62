import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomDesigns, users } from '../db/schema';
import { roomJpeg } from '@rv/testing/test-rooms';
import { EngineError, type ImageEngine } from '../engines/image-engine';
import { createDesign } from '../features/designs/creation/create-design';
import { createUser, plainBrief } from '../../test/fixtures';
import { insertDesignWithStoredRoom } from '../../test/stored-designs';
import { createTestApp, eventually } from '../../test/test-app';
import { generateDesign } from '../features/designs/creation/generate-design';
import { designResults } from '../../test/design-results';

const brief = plainBrief('terracotta');

describe('the generation job', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let room: Buffer;
  let realEngine: ImageEngine;
  beforeAll(async () => {
    ctx = await createTestApp();
    room = await roomJpeg();
    realEngine = ctx.app.services.imageEngine;
  });
  afterAll(() => ctx.close());

  /** The real local engine, counting its calls and optionally failing. */
  function countingEngine(fail?: EngineError) {
    const calls = { redesign: 0 };
    const engine: ImageEngine = {
      ...realEngine,
      name: realEngine.name,
      redesign: async (input, options) => {
        calls.redesign += 1;
        if (fail) throw fail;
        return realEngine.redesign(input, options);
      },
    };
    return { engine, calls };
  }

  it('a job stopped after the engine call resumes without a second call', async () => {
    const { designId } = await insertDesignWithStoredRoom(ctx.app.services, { idPrefix: 'resume', room, brief });

    const { engine, calls } = countingEngine();
    const services = { ...ctx.app.services, imageEngine: engine };
    const realVision = ctx.app.services.visionEngine;
    // The process dies right after the engine answered (simulated by the next step failing once).
    const dying = { ...services, visionEngine: { ...realVision, analyzeDesign: async () => Promise.reject(new Error('worker killed')) } };
    await expect(generateDesign(dying, designId)).rejects.toThrow('worker killed');
    expect(calls.redesign).toBe(1);

    await generateDesign(services, designId);
    expect(calls.redesign).toBe(1);
    const [design] = await ctx.app.services.database.db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
    expect(design).toMatchObject({ status: 'done', creditState: 'committed' });
    expect((await designResults(ctx.app.services.database.db, designId)).generated).toHaveLength(2);
  });

  it('a design that fails for good refunds its credit and records a message for the user', async () => {
    const { id: userId } = await createUser(ctx.app.services.database.db, { transformationsUsed: 3 });
    const { engine } = countingEngine(new EngineError('The image service refused the request: unsafe content', false, 400));
    ctx.app.services.imageEngine = engine;
    try {
      const designId = await createDesign(ctx.app.services, {
        userId,
        tool: 'furnishing',
        brief,
        uploads: { room: { field: 'roomPhoto', filename: 'r.jpg', source: room }, items: [], inspiration: [] },
      });
      const used = async () =>
        (await ctx.app.services.database.db.select().from(users).where(eq(users.id, userId)))[0]!.transformationsUsed;
      expect(await used()).toBe(4);
      const failed = await eventually(async () => {
        const [design] = await ctx.app.services.database.db.select().from(roomDesigns).where(eq(roomDesigns.id, designId));
        return design?.status === 'failed' ? design : undefined;
      }, 20_000);
      expect(failed.error).toContain('The image service refused the request');
      expect(failed.creditState).toBe('refunded');
      expect(await used()).toBe(3);
    } finally {
      ctx.app.services.imageEngine = realEngine;
    }
  });
});
