import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess, requireUser } from '../../auth/session-guard';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { readMultipart } from '../../uploads/read-multipart';
import { streamWork } from '../designs';
import { readOwnStyleLensTask, readStyleLensTask, styleLensAnswer } from './read-style-lens-task';
import { STYLE_LENS_FAILED } from './run-style-lens';
import { saveStyleLens } from './save-style-lens';
import { startStyleLens } from './start-style-lens';

/**
 * Our web app's StyleLens (ADR 066): the analysis starts in one request that answers its task at once, and
 * its events follow the `style-lens` job, like a refinement's. The spec's waiting analyze is in the spec
 * adapter (features/designs/spec/spec-style-lens.routes.ts).
 */
export const styleLensRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  const tags = ['stylelens'];

  route(
    app,
    routes.startStyleLens,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const photos = (await readMultipart(request, routes.startStyleLens.multipart)).files.styles;
      const taskId = await startStyleLens(services, user.id, photos);
      request.log.info({ taskId, photos: photos.length, editing: request.query.editing === 'true' }, 'stylelens analysis started');
      return { status: 201, body: { taskId } };
    },
    { tags },
  );

  /**
   * The events of one StyleLens analysis of the caller's: start, status (queued, each photo read, the
   * engine's reading, saving), then complete (the lens made) or error; or `reconnect`, after which the
   * browser asks the same URL again. Another account's analysis is not found.
   */
  const { styleLensEvents } = routes;
  app.get(styleLensEvents.path, { schema: { tags, params: styleLensEvents.params } }, async (request, reply) => {
    const user = await requireUser(services, request);
    const { taskId } = request.params;
    if (!(await readOwnStyleLensTask(db, { userId: user.id, taskId }))) throw new AppError('NOT_FOUND', messages.server.notFound);
    await streamWork<Awaited<ReturnType<typeof readStyleLensTask>>, typeof styleLensEvents.events>(request, reply, {
      id: taskId,
      stopping: services.stopping.signal,
      windowMs: services.config.EVENT_STREAM_WINDOW_MS,
      start: ['start', { taskId }],
      read: () => readStyleLensTask(db, taskId),
      settled: (task) => !task || task.status === 'done' || task.status === 'failed',
      statusOf: async (task) => task?.statusText,
      ended: async (task) =>
        task?.status === 'done' && task.lens ? ['complete', styleLensAnswer(task.lens)] : ['error', { details: task?.error ?? STYLE_LENS_FAILED }],
    });
  });

  route(
    app,
    routes.styleLensSave,
    async (request) => {
      const user = await requireUser(services, request);
      await saveStyleLens(db, user.id);
      return { status: 200, body: { message: messages.account.styleLensSaved } };
    },
    { tags },
  );
};
