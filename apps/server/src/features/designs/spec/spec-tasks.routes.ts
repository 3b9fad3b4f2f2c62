import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess } from '../../../auth/session-guard';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart } from '../../../uploads/read-multipart';
import { TASK_FAILED } from '../tasks/fail-design-task';
import { fixRoomAndWait } from './spec-fix-room';
import { paintedMaskOf } from '../tasks/refine-mask';
import { streamTask } from '../tasks/stream-task';
import { storeRefineMask } from './pending-mask';
import { toFixRoomAnswer, toRefineComplete } from './spec-task-answers';
import { startRefinement } from './start-refinement';
import { storeTweakPhotos } from './store-tweak-photos';

/**
 * The spec's design tasks (docs/product-rules.md#calls): Fix Room, and its
 * refinement in two steps, an upload (tweak photos, a painted area) kept on the design as pending, then a
 * stream (GET, the tweak in its query) that names the image by its URL. Our web app calls Fix Room here
 * (the spec's path); it refines in one request by image id (tasks/design-tasks.routes.ts).
 */
/** How long the spec's refinement stream follows its task before it asks the browser to reconnect (as before ADR 066). */
const SPEC_STREAM_MS = 5 * 60_000;

export const specTaskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  route(
    app,
    routes.fixRoom,
    async (request) => {
      const user = await requireToolAccess(services, request);
      return { status: 200, body: toFixRoomAnswer(await fixRoomAndWait(services, { userId: user.id, designId: request.body.designId })) };
    },
    { tags: ['designs'] },
  );

  route(
    app,
    routes.refineUpload,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const { values, files } = await readMultipart(request, routes.refineUpload.multipart);
      // 'Change only here': the painted area travels with this upload (pending-mask.ts, ADR 022).
      const painted = paintedMaskOf(files.mask[0], values.maskRle);
      const maskKey = painted
        ? await storeRefineMask(services, { userId: user.id, designId: values.designId, activeUrl: values.active_url, painted })
        : undefined;
      const tweakKeys =
        files.tweak.length || !maskKey
          ? await storeTweakPhotos(services, { userId: user.id, designId: values.designId, files: files.tweak })
          : [];
      return { status: 200, body: { message: 'Tweak images uploaded', tweakKeys, ...(maskKey ? { maskKey } : {}) } };
    },
    { tags: ['designs'] },
  );

  /**
   * The spec's refinement stream (a GET with the tweak in its query, after the spec's upload). Because it
   * starts work, it is refused when the browser says it came from another site, like every
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
    await streamTask<typeof refine.events>(
      services,
      request,
      reply,
      taskId,
      async (task) =>
        task?.status === 'done' && task.resultKeys[0]
          ? ['complete', toRefineComplete(task.resultKeys[0])]
          : ['error', { details: task?.error ?? TASK_FAILED.refine }],
      SPEC_STREAM_MS,
    );
  });
};
