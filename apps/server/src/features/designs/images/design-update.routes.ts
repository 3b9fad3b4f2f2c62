import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateDesignBody } from '@rv/contracts/api/designs';
import { routes } from '@rv/contracts/routes/routes';
import { requireUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { findOwnDesign } from '../find-own-design';
import { loadDesignView } from '../view/load-design-view';
import { toDesignRecord } from '../view/spec-design-record';
import { setDesignPublic } from '../sharing/set-design-public';
import { updateDesignMaps } from './update-design-maps';

/**
 * PATCH /api/room-designs/update/{id}: the spec's call saving names, room types, notes and the
 * save-status list (all indexed in the results page's order: refined images first), applied image by
 * image (update-design-maps.ts); or, with ?fd_public / ?kb_public, the share toggle. Spec adapters: our
 * web app uses the per-image PATCH and PUT /api/designs/{id}/public.
 */
export const designUpdateRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  route(
    app,
    routes.updateDesign,
    async (request) => {
      const user = await requireUser(services, request);
      const design = await findOwnDesign(db, request.params.id, user.id);
      const toggle = request.query.fd_public ?? request.query.kb_public;
      if (toggle !== undefined)
        return {
          status: 200,
          body: { design: toDesignRecord(await loadDesignView(db, await setDesignPublic(db, design.id, toggle === 'true'))) },
        };
      await updateDesignMaps(db, design.id, updateDesignBody.parse(request.body));
      return { status: 200, body: toDesignRecord(await loadDesignView(db, design)) };
    },
    { tags: ['designs'] },
  );
};
