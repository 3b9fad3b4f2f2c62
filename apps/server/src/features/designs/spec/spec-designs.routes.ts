import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateDesignBody } from '@rv/contracts/api/designs';
import { routes } from '@rv/contracts/routes/routes';
import { getSessionUser, requireUser } from '../../../auth/session-guard';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { findOwnDesign } from '../find-own-design';
import { DESIGN_DELETED, IMAGE_DELETED } from '../images/delete-room-design';
import { listDesigns } from '../listing/list-designs';
import { requireUserId } from '../require-user-id';
import { setDesignPublic } from '../sharing/set-design-public';
import { findVisibleDesign } from '../view/find-visible-design';
import { loadDesignView } from '../view/load-design-view';
import { deleteAtPosition } from './delete-at-position';
import { toDesignRecord, toMyDesignRecord } from './spec-design-record';
import { updateDesignMaps } from './update-design-maps';

/**
 * The spec's design records (docs/product-rules.md#design-record and #calls): its read of one design, its My
 * Designs list, its delete by position and its whole-map update, each at the spec's path with the
 * spec's answer, built from the design view (spec-design-record.ts). Our web app calls none of them: it
 * reads the view and addresses every image by its id (/api/designs/...).
 */
export const specDesignsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  /** GET /api/room-design/{id}: the position-keyed record, noSession when not signed in. */
  route(
    app,
    routes.roomDesign,
    async (request) => {
      const viewer = await getSessionUser(services, request);
      const { view } = await findVisibleDesign(db, request.params.id, viewer);
      return { status: 200, body: { ...toDesignRecord(view), noSession: !viewer } };
    },
    { tags: ['designs'] },
  );

  /** GET /api/room-designs: a page of the caller's designs as the spec's records. */
  route(
    app,
    routes.myDesigns,
    async (request) => {
      const { designs, ...page } = await listDesigns(db, await requireUserId(services, request), request.query);
      return { status: 200, body: { result: designs.map(toMyDesignRecord), error: null, ...page } };
    },
    {
      tags: ['designs'],
      // The hot list: its answer is built field by field from typed rows (toMyDesignRecord), so it is sent
      // as is instead of being re-validated by zod on every request; the API tests parse it with the schema.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
  );

  /** DELETE /api/room-designs/{id}?status_index: the image at that position, or the whole design. */
  route(
    app,
    routes.deleteDesign,
    async (request) => {
      const user = await requireUser(services, request);
      const { deleted } = await deleteAtPosition(
        services,
        { userId: user.id, designId: request.params.id, position: request.query.status_index },
        request.log,
      );
      return { status: 200, body: { message: deleted === 'design' ? DESIGN_DELETED : IMAGE_DELETED, deleted } };
    },
    { tags: ['designs'] },
  );

  /**
   * PATCH /api/room-designs/update/{id}: names, room types, notes and the save-status list (all indexed
   * in the results page's order: refined images first), applied image by image (update-design-maps.ts);
   * or, with ?fd_public / ?kb_public, the share toggle.
   */
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
