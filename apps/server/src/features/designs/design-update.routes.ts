import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@rv/contracts/api/common';
import { publicToggleBody, publicToggleQuery, roomDesign, updateDesignBody } from '@rv/contracts/api/designs';
import { requireUser } from '../../auth/session-guard';
import { roomDesigns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { toDesignRecord } from './design-record';
import { findOwnDesign } from './find-own-design';

/**
 * PATCH /api/room-designs/update/{id}: saves names, room types, notes and the save-status list (all
 * indexed in the results page's order: refined images first), or, with ?fd_public / ?kb_public, the
 * share toggle.
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
      if (toggle !== undefined) {
        const [updated] = await db
          .update(roomDesigns)
          .set({ isPublic: toggle === 'true' })
          .where(eq(roomDesigns.id, design.id))
          .returning();
        return { design: toDesignRecord(updated!) };
      }
      const body = updateDesignBody.parse(request.body);
      const imageCount = design.refined.length + design.generated.length;
      if (body.refinedSaveStatusList.length !== imageCount)
        throw new AppError('BAD_REQUEST', 'The save list does not match the images of this design.');
      const validIndex = (key: string) => /^\d+$/.test(key) && Number(key) < imageCount;
      for (const map of [body.notesMap, body.projectNameMap, body.roomTypeMap]) {
        if (!Object.keys(map).every(validIndex))
          throw new AppError('BAD_REQUEST', 'A name, room type or note points at an image this design does not have.');
      }
      const [updated] = await db
        .update(roomDesigns)
        .set({
          notesMap: body.notesMap,
          projectNameMap: body.projectNameMap,
          roomTypeMap: body.roomTypeMap,
          saveStatusList: body.refinedSaveStatusList,
        })
        .where(eq(roomDesigns.id, design.id))
        .returning();
      return toDesignRecord(updated!);
    },
  );
};
