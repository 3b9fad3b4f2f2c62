import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@rv/contracts/messages';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess, requireUser } from '../../../auth/session-guard';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart } from '../../../uploads/read-multipart';
import { streamWork } from '../event-stream';
import { claimResults } from './claim-results';
import { furnishingUpload, kitchenBathroomUpload, startDesignFromForm } from './design-from-form';
import { progressText, readDesignProgress } from './design-progress';

/**
 * Our web app's design creation (ADR 066): the tool form answers the design at once (201), and its events
 * follow the job that makes it. The spec's waiting calls are the spec adapter's (spec/spec-creation.routes.ts).
 */
export const designCreationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  route(
    app,
    routes.startRoomDesign,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const form = await readMultipart(request, routes.startRoomDesign.multipart);
      return { status: 201, body: { designId: await startDesignFromForm(services, { userId: user.id, upload: furnishingUpload(form, user) }) } };
    },
    { tags: ['designs'] },
  );

  route(
    app,
    routes.startKitchenBathroomDesign,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const form = await readMultipart(request, routes.startKitchenBathroomDesign.multipart);
      const upload = kitchenBathroomUpload(form, user);
      return { status: 201, body: { designId: await startDesignFromForm(services, { userId: user.id, upload }) } };
    },
    { tags: ['designs'] },
  );

  /**
   * The events of the caller's design being made: start, a status for each step (its place in the queue,
   * analysing, image n of m, checking the architecture), then complete or error (the design's own words);
   * or `reconnect`, after which the browser asks again and follows the same design.
   */
  const { designEvents } = routes;
  app.get(designEvents.path, { schema: { tags: ['designs'], params: designEvents.params } }, async (request, reply) => {
    const user = await requireUser(services, request);
    const designId = request.params.id;
    const own = await readDesignProgress(db, designId);
    if (own?.userId !== user.id) throw new AppError('NOT_FOUND', messages.server.notFound);
    await streamWork<Awaited<ReturnType<typeof readDesignProgress>>, typeof designEvents.events>(request, reply, {
      id: designId,
      stopping: services.stopping.signal,
      windowMs: services.config.EVENT_STREAM_WINDOW_MS,
      start: ['start', { designId }],
      read: () => readDesignProgress(db, designId),
      settled: (design) => !design || design.status === 'done' || design.status === 'failed',
      statusOf: async (design) => (design ? progressText(db, design) : undefined),
      ended: async (design) =>
        design?.status === 'done'
          ? ['complete', { designId }]
          : ['error', { details: design?.error ?? messages.tools.processDesignFailed }],
    });
  });

  /** Credits are taken when a design is made; claiming stays in the contract and never charges twice. */
  route(
    app,
    routes.claimResults,
    async (request) => {
      const user = await requireUser(services, request);
      return { status: 200, body: { creditsRemaining: await claimResults(db, { userId: user.id, designId: request.body.designId }) } };
    },
    { tags: ['designs'] },
  );
};
