import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { requireToolAccess } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart } from '../../../uploads/read-multipart';
import { furnishingUpload, kitchenBathroomUpload } from '../creation/design-from-form';
import { makeDesignAndWait } from './spec-creation';

/**
 * The spec's two creation calls (spec section 7), which answer once the design is made (up to the spec's
 * 10 minutes). For the spec's clients only: our web app starts a design at /api/designs/... and follows
 * its events (ADR 066), so no request of ours is held for the work.
 */
export const specCreationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  /** Whether the client that sent `request` has gone away (the design still completes). */
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
      const { designId, error } = await makeDesignAndWait(services, { userId: user.id, upload: furnishingUpload(form, user), gone });
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
      const { designId, error } = await makeDesignAndWait(services, { userId: user.id, upload: kitchenBathroomUpload(form, user), gone });
      return error ? { status: 502, body: { success: false, designId, error } } : { status: 200, body: { success: true, designId } };
    },
    { tags: ['designs'] },
  );
};
