import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess, requireUser } from '../../../auth/session-guard';
import { TASK_FAILED } from './fail-design-task';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart } from '../../../uploads/read-multipart';
import { readOwnTask, resultImageId } from './read-design-task';
import { startFixRoom } from './fix-room';
import { refineDesign } from './refine-design';
import { IMAGE_GONE } from '../images/delete-room-design';
import { streamTask } from './stream-task';

/** Our web app's refinement (ADR 025): one request that starts it, and the events of its task. */
export const designTaskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

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

  /** Fix Room (ADR 066): answers its task at once; the task's events are followed like a refinement's. */
  route(
    app,
    routes.startFixRoom,
    async (request) => {
      const user = await requireToolAccess(services, request);
      return { status: 201, body: { taskId: await startFixRoom(services, { userId: user.id, designId: request.params.id }) } };
    },
    { tags: ['designs'] },
  );

  /**
   * The events of one refinement or Fix Room run of the caller's design (ADR 025, 059): start, status, then
   * complete (the new image's id) or error; or `reconnect`, after which the browser asks the same URL again
   * and follows the same task.
   */
  const { refinementEvents } = routes;
  app.get(refinementEvents.path, { schema: { tags: ['designs'], params: refinementEvents.params } }, async (request, reply) => {
    const user = await requireUser(services, request);
    const { id: designId, taskId } = request.params;
    const own = await readOwnTask(db, { userId: user.id, designId, taskId });
    if (!own) throw new AppError('NOT_FOUND', messages.server.notFound);
    await streamTask<typeof refinementEvents.events>(services, request, reply, taskId, async (task) => {
      if (task?.status !== 'done') return ['error', { details: task?.error ?? TASK_FAILED[own.kind] }];
      const imageId = await resultImageId(db, designId, task.resultKeys[0]);
      return imageId ? ['complete', { imageId }] : ['error', { details: IMAGE_GONE }];
    });
  });
};
