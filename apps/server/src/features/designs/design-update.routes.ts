import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@rv/contracts/api/common';
import { publicToggleBody, publicToggleQuery, roomDesign, updateDesignBody } from '@rv/contracts/api/designs';
import { requireUser } from '../../auth/session-guard';
import type { Services } from '../../services';
import { findOwnDesign } from './find-own-design';
import { loadDesignRecord } from './load-design-record';
import { setDesignPublic } from './set-design-public';
import { updateDesignMaps } from './update-design-maps';

/**
 * PATCH /api/room-designs/update/{id}: the spec's call saving names, room types, notes and the
 * save-status list (all indexed in the results page's order: refined images first), applied image by
 * image (update-design-maps.ts); or, with ?fd_public / ?kb_public, the share toggle.
 */
export const designUpdateRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  app.patch(
    '/api/room-designs/update/:id',
    {
      schema: {
        tags: ['designs'],
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: publicToggleQuery,
        body: z.union([updateDesignBody, publicToggleBody]),
        response: { 200: z.union([roomDesign, z.object({ design: roomDesign })]), 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      const design = await findOwnDesign(db, request.params.id, user.id);
      const toggle = request.query.fd_public ?? request.query.kb_public;
      if (toggle !== undefined) return { design: await loadDesignRecord(db, await setDesignPublic(db, design.id, toggle === 'true')) };
      await updateDesignMaps(db, design.id, updateDesignBody.parse(request.body));
      return loadDesignRecord(db, design);
    },
  );
};
