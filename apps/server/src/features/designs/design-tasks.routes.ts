import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messageBody } from '@rv/contracts/api/common';
import { fixRoomAnswer, fixRoomBody, refineQuery } from '@rv/contracts/api/creation';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { requireUser } from '../../auth/session-guard';
import { designTasks, roomDesigns } from '../../db/schema';
import { enqueueDesignTask, FAIR_USE_TASKS_PER_DAY, tasksInLastDay, TASK_FAILED } from '../../jobs/design-task-job';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { processImage } from '../../uploads/process-image';
import { readMultipart } from '../../uploads/read-multipart';
import { fileUrl } from './design-record';
import { findOwnDesign } from './find-own-design';

export const MAX_TWEAK_IMAGES = 3;
const FAIR_USE = 'You have made a lot of changes today. Please try again tomorrow.';

/** The key of one of the design's own images named by a URL (/api/files/<key>), or undefined. */
function ownImageKey(design: typeof roomDesigns.$inferSelect, url: string | undefined): string | undefined {
  if (!url) return undefined;
  const key = decodeURIComponent(url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/files\//, ''));
  return [...design.refined, ...design.generated].some((image) => image.key === key) ? key : undefined;
}

export const designTaskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  async function startTask(
    userId: string,
    design: typeof roomDesigns.$inferSelect,
    kind: 'refine' | 'fix',
    input: (typeof designTasks.$inferInsert)['input'],
  ) {
    if ((await tasksInLastDay(services, userId)) >= FAIR_USE_TASKS_PER_DAY) throw new AppError('TOO_MANY_REQUESTS', FAIR_USE);
    const taskId = randomUUID();
    await db.insert(designTasks).values({ id: taskId, designId: design.id, userId, kind, input });
    await enqueueDesignTask(services.jobs, taskId);
    return taskId;
  }

  app.post(
    '/api/room-design/fix-room',
    {
      schema: {
        tags: ['designs'],
        body: fixRoomBody,
        response: { 200: fixRoomAnswer, 401: errorBody, 404: errorBody, 429: errorBody, 502: errorBody },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      const design = await findOwnDesign(db, request.body.designId, user.id);
      const drifted = design.generated.find((g) => g.flagged) ?? design.generated[0];
      if (!drifted) throw new AppError('BAD_REQUEST', 'This design has no image to fix yet.');
      const taskId = await startTask(user.id, design, 'fix', { baseKey: drifted.key });
      const deadline = Date.now() + TIMEOUTS_MS.fixRoom;
      for (;;) {
        const [task] = await db.select().from(designTasks).where(eq(designTasks.id, taskId));
        if (task?.status === 'failed') return reply.code(502).send({ error: task.error ?? TASK_FAILED.fix, code: 'BAD_GATEWAY' });
        if (task?.status === 'done') {
          const [fresh] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, design.id));
          return { generatedImageUrls: fresh!.generated.map((g) => fileUrl(g.key)), visualizerFilename: task.resultKeys[0] ?? '' };
        }
        if (Date.now() > deadline) return reply.code(502).send({ error: TASK_FAILED.fix, code: 'BAD_GATEWAY' });
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    },
  );

  app.post(
    '/api/room-design/refine/upload',
    {
      schema: {
        tags: ['designs'],
        consumes: ['multipart/form-data'],
        response: {
          200: messageBody.extend({ tweakKeys: z.array(z.string()) }),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      const { fields, files } = await readMultipart(request, { maxFiles: MAX_TWEAK_IMAGES });
      const design = await findOwnDesign(db, fields.designId ?? '', user.id);
      const tweaks = files.filter((f) => f.field === 'tweak');
      if (!tweaks.length) throw new AppError('BAD_REQUEST', messages.validation.noFile);
      // Every photo is checked before any is stored, so a refused one leaves nothing behind.
      const images = [];
      for (const file of tweaks) images.push(await processImage(file.source));
      const keys: string[] = [];
      try {
        for (const image of images) {
          const key = `designs/${design.id}/tweak-${randomBytes(6).toString('hex')}.webp`;
          await services.storage.put(key, image.full, 'image/webp');
          keys.push(key);
        }
      } catch (error) {
        await Promise.all(keys.map((key) => services.storage.delete(key).catch(() => undefined)));
        throw error;
      }
      const all = [...design.pendingTweakKeys, ...keys];
      const pending = all.slice(-MAX_TWEAK_IMAGES);
      await db.update(roomDesigns).set({ pendingTweakKeys: pending }).where(eq(roomDesigns.id, design.id));
      // Photos pushed off the pending list are no longer used by anything.
      await Promise.all(all.slice(0, -MAX_TWEAK_IMAGES).map((key) => services.storage.delete(key).catch(() => undefined)));
      return { message: 'Tweak images uploaded', tweakKeys: pending };
    },
  );

  /**
   * The refinement stream (spec: a GET with the tweak in its query). Because it starts work, it is
   * refused when the browser says it came from another site, like every state-changing call.
   * Every event carries the task id as its SSE id: a stream that reconnects (EventSource sends
   * Last-Event-ID), through this web process or any other, follows the same task instead of starting one.
   */
  app.get(
    '/api/room-design/refine/:designId',
    { schema: { tags: ['designs'], params: z.object({ designId: z.string().min(1).max(64) }), querystring: refineQuery } },
    async (request, reply) => {
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite && fetchSite !== 'same-origin') throw new AppError('FORBIDDEN', messages.server.forbiddenOrigin);
      const user = await requireUser(services, request);
      const design = await findOwnDesign(db, request.params.designId, user.id);
      const { tweak: scope, feedback, active_url } = request.query;
      const lastEventId = request.headers['last-event-id'];
      const [resumed] =
        typeof lastEventId === 'string' && /^[0-9a-f-]{36}$/.test(lastEventId)
          ? await db
              .select({ id: designTasks.id })
              .from(designTasks)
              .where(and(eq(designTasks.id, lastEventId), eq(designTasks.designId, design.id), eq(designTasks.userId, user.id)))
          : [];
      let taskId = resumed?.id;
      if (!taskId) {
        taskId = await startTask(user.id, design, 'refine', {
          tweakText: feedback,
          scope,
          baseKey: ownImageKey(design, active_url),
          tweakKeys: design.pendingTweakKeys,
        });
        await db.update(roomDesigns).set({ pendingTweakKeys: [] }).where(eq(roomDesigns.id, design.id));
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => res.write(`id: ${taskId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      let open = true;
      request.raw.once('close', () => (open = false));
      send('start', { taskId });
      let lastStatus = '';
      const deadline = Date.now() + 5 * 60_000;
      while (open) {
        const [task] = await db.select().from(designTasks).where(eq(designTasks.id, taskId));
        if (task && task.statusText !== lastStatus && task.status !== 'done' && task.status !== 'failed') {
          lastStatus = task.statusText;
          send('status', { message: task.statusText });
        }
        if (task?.status === 'done') {
          send('complete', { refinedImageUrl: fileUrl(task.resultKeys[0]!), visualizerFilename: task.resultKeys[0]! });
          break;
        }
        if (task?.status === 'failed' || Date.now() > deadline) {
          send('error', { details: task?.error ?? TASK_FAILED.refine });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      res.end();
    },
  );
};
