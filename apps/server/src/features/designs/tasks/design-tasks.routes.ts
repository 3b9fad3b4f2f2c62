import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess, requireUser } from '../../../auth/session-guard';
import { TASK_FAILED } from './fail-design-task';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart } from '../../../uploads/read-multipart';
import { fileUrl } from '@rv/contracts/files';
import { fixRoom } from './fix-room';
import { readDesignTask, readOwnRefinement, resultImageId } from './read-design-task';
import { refineDesign } from './refine-design';
import { IMAGE_GONE } from '../images/delete-room-design';
import { storeRefineMask } from './refine-mask';
import { startRefinement } from './start-refinement';
import { storeTweakPhotos } from './store-tweak-photos';
import { waitFor } from '../wait-for';

/** How long a refinement stream follows its task. */
const REFINE_STREAM_MS = 5 * 60_000;

export const designTaskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  route(
    app,
    routes.fixRoom,
    async (request) => {
      const user = await requireToolAccess(services, request);
      return { status: 200, body: await fixRoom(services, { userId: user.id, designId: request.body.designId }) };
    },
    { tags: ['designs'] },
  );

  route(
    app,
    routes.refineUpload,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const { values, files } = await readMultipart(request, routes.refineUpload.multipart);
      // 'Change only here': the painted area travels with this upload (refine-mask.ts, ADR 022).
      const maskFile = files.mask[0];
      const maskKey =
        maskFile || values.maskRle
          ? await storeRefineMask(services, {
              userId: user.id,
              designId: values.designId,
              activeUrl: values.active_url,
              file: maskFile,
              rle: values.maskRle,
            })
          : undefined;
      const tweakKeys =
        files.tweak.length || !maskKey
          ? await storeTweakPhotos(services, { userId: user.id, designId: values.designId, files: files.tweak })
          : [];
      return { status: 200, body: { message: 'Tweak images uploaded', tweakKeys, ...(maskKey ? { maskKey } : {}) } };
    },
    { tags: ['designs'] },
  );

  /** A refinement in one request (ADR 025): prompt, scope, base image id, tweak photos and the optional mask. */
  route(
    app,
    routes.refineDesign,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const { values, files } = await readMultipart(request, routes.refineDesign.multipart);
      const taskId = await refineDesign(services, { userId: user.id, designId: request.params.id, fields: values, files });
      return { status: 201, body: { taskId } };
    },
    { tags: ['designs'] },
  );

  /**
   * Follows one task over server-sent events until it ends or the stream's time is up. Every event
   * carries the task id as its SSE id.
   */
  async function streamTask<Events extends Record<string, z.ZodType>>(
    request: FastifyRequest,
    reply: FastifyReply,
    taskId: string,
    ended: (
      task: NonNullable<Awaited<ReturnType<typeof readDesignTask>>> | undefined,
    ) => Promise<{ [Name in keyof Events]: [Name, z.input<Events[Name]>] }[keyof Events]>,
  ) {
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
    const task = await waitFor({
      read: () => readDesignTask(db, taskId),
      settled: (state) => state?.status === 'done' || state?.status === 'failed',
      until: Date.now() + REFINE_STREAM_MS,
      stop: () => !open,
      seen: (state) => {
        if (state && state.statusText !== lastStatus && state.status !== 'done' && state.status !== 'failed') {
          lastStatus = state.statusText;
          send('status', { message: state.statusText });
        }
      },
    });
    if (open) {
      const [event, data] = await ended(task);
      send(String(event), data);
    }
    res.end();
  }

  /**
   * The events of one refinement of the caller's design (ADR 025): start, status, then complete (the new
   * image's id) or error. A reconnecting browser asks the same URL and follows the same task.
   */
  const { refinementEvents } = routes;
  app.get(refinementEvents.path, { schema: { tags: ['designs'], params: refinementEvents.params } }, async (request, reply) => {
    const user = await requireUser(services, request);
    const { id: designId, taskId } = request.params;
    if (!(await readOwnRefinement(db, { userId: user.id, designId, taskId }))) throw new AppError('NOT_FOUND', messages.server.notFound);
    await streamTask<typeof refinementEvents.events>(request, reply, taskId, async (task) => {
      if (task?.status !== 'done') return ['error', { details: task?.error ?? TASK_FAILED.refine }];
      const imageId = await resultImageId(db, designId, task.resultKeys[0]);
      return imageId ? ['complete', { imageId }] : ['error', { details: IMAGE_GONE }];
    });
  });

  /**
   * The spec's refinement stream (an adapter: a GET with the tweak in its query, after the spec's upload).
   * Because it starts work, it is refused when the browser says it came from another site, like every
   * state-changing call. Like every paid action it needs tool access (403 otherwise, as design creation
   * answers). A stream that reconnects (EventSource sends Last-Event-ID), through this web process or any
   * other, follows the same task instead of starting one.
   */
  const { refine } = routes;
  app.get(refine.path, { schema: { tags: ['designs'], params: refine.params, querystring: refine.query } }, async (request, reply) => {
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite && fetchSite !== 'same-origin') throw new AppError('FORBIDDEN', messages.server.forbiddenOrigin);
    const user = await requireToolAccess(services, request);
    const lastEventId = request.headers['last-event-id'];
    const taskId = await startRefinement(services, {
      userId: user.id,
      designId: request.params.designId,
      scope: request.query.tweak,
      feedback: request.query.feedback,
      activeUrl: request.query.active_url,
      maskKey: request.query.mask,
      lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
    });
    await streamTask<typeof refine.events>(request, reply, taskId, async (task) =>
      task?.status === 'done'
        ? ['complete', { refinedImageUrl: fileUrl(task.resultKeys[0]!), visualizerFilename: task.resultKeys[0]! }]
        : ['error', { details: task?.error ?? TASK_FAILED.refine }],
    );
  });
};
