import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess, requireUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart } from '../../../uploads/read-multipart';
import { claimResults } from './claim-results';
import { furnishingUpload, kitchenBathroomUpload, makeDesignFromForm } from './design-from-form';

export const designCreationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  /** Whether the browser that sent `request` has gone away (the design still completes). */
  const goneWatch = (request: FastifyRequest) => {
    let gone = false;
    request.raw.once('close', () => (gone = true));
    return () => gone;
  };

  route(
    app,
    routes.createRoomDesign,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const form = await readMultipart(request, routes.createRoomDesign.multipart);
      const gone = goneWatch(request);
      const { designId, error } = await makeDesignFromForm(services, { userId: user.id, upload: furnishingUpload(form, user), gone });
      return error ? { status: 502, body: { designId, error } } : { status: 200, body: { designId } };
    },
    { tags: ['designs'] },
  );

  route(
    app,
    routes.createKitchenBathroomDesign,
    async (request) => {
      const user = await requireToolAccess(services, request);
      const form = await readMultipart(request, routes.createKitchenBathroomDesign.multipart);
      const gone = goneWatch(request);
      const { designId, error } = await makeDesignFromForm(services, { userId: user.id, upload: kitchenBathroomUpload(form, user), gone });
      return error ? { status: 502, body: { success: false, designId, error } } : { status: 200, body: { success: true, designId } };
    },
    { tags: ['designs'] },
  );

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
