import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { listDesigns } from './list-designs';
import { requireUserId } from '../require-user-id';

/** Our web app's My Designs and Auto-saved Designs: a page of the caller's own designs, as views (ADR 025). */
export const myDesignsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  route(
    app,
    routes.designList,
    async (request) => ({
      status: 200,
      body: await listDesigns(services.database.db, await requireUserId(services, request), request.query),
    }),
    // The hot list: built field by field from typed rows, sent as is (the API tests parse it with the schema).
    { tags: ['designs'], serializerCompiler: () => (data) => JSON.stringify(data) },
  );
};
