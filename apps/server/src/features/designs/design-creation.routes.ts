import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@rv/contracts/api/common';
import {
  claimResultsAnswer,
  claimResultsBody,
  kitchenBathroomAnswer,
  kitchenBathroomFields,
  roomDesignAnswer,
  roomDesignFields,
} from '@rv/contracts/api/creation';
import { roomDesignView } from '@rv/contracts/api/designs';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { getSessionUser, requireToolAccess, requireUser, type UserRow } from '../../auth/session-guard';
import { roomDesigns, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { readMultipart, type UploadedFile } from '../../uploads/read-multipart';
import { createDesign } from './create-design';
import { toDesignRecord } from './design-record';

const MAX_FILES = 1 + 10 + 10;

function parseJsonField(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', 'A form field was not valid JSON.');
  }
}

/** A saved StyleLens steers every design unless the user leaves it out for this one. */
const activeLens = (user: UserRow, use: boolean) => (use && user.styleSaveStatus && user.styleLens ? user.styleLens.stylelens : undefined);

const filesOf = (files: UploadedFile[], field: string) => files.filter((f) => f.field === field);

/**
 * Waits for the design (step 4): answers when it is done or failed, or when the browser goes away
 * (the design still completes and shows under Auto-saved Designs).
 */
async function waitForDesign(services: Services, request: FastifyRequest, designId: string) {
  const deadline = Date.now() + TIMEOUTS_MS.createDesign;
  let gone = false;
  request.raw.once('close', () => (gone = true));
  for (;;) {
    // A failed read (the database restarting) is not the design's answer: keep waiting until the deadline.
    const [design] = await services.database.db
      .select({ status: roomDesigns.status, error: roomDesigns.error })
      .from(roomDesigns)
      .where(eq(roomDesigns.id, designId))
      .catch(() => [{ status: 'running' as const, error: null }]);
    if (!design || design.status === 'done' || design.status === 'failed' || gone || Date.now() > deadline) return design;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

export const designCreationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const common = { tags: ['designs'], consumes: ['multipart/form-data'] };

  app.post(
    '/api/room-design',
    {
      schema: {
        ...common,
        summary:
          'Furnishing & Decorating: multipart styleDescription, additionalSuggestions, architecturalChanges, architecturalDetails, furnitureData (JSON), roomPhoto, furniturePhotos, conceptPhotos',
        response: {
          200: roomDesignAnswer,
          400: errorBody,
          401: errorBody,
          402: errorBody,
          403: errorBody,
          413: errorBody,
          415: errorBody,
          429: errorBody,
          502: roomDesignAnswer,
        },
      },
    },
    async (request, reply) => {
      const user = await requireToolAccess(services, request);
      const { fields, files } = await readMultipart(request, { maxFiles: MAX_FILES });
      const room = filesOf(files, 'roomPhoto')[0];
      if (!room) throw new AppError('BAD_REQUEST', messages.validation.roomPhotoRequired);
      const parsed = roomDesignFields.parse({
        ...fields,
        furnitureData: parseJsonField(fields.furnitureData) ?? [],
        useStyleLens: fields.useStyleLens !== 'false',
      });
      const items = filesOf(files, 'furniturePhotos');
      if (items.length !== parsed.furnitureData.length) throw new AppError('BAD_REQUEST', messages.validation.itemDescriptionsRequired);
      const inspiration = filesOf(files, 'conceptPhotos');
      const designId = await createDesign(services, {
        userId: user.id,
        tool: 'furnishing',
        brief: {
          tool: 'furnishing',
          styleDescription: parsed.styleDescription,
          additionalText: parsed.additionalSuggestions,
          architecturalChanges: parsed.architecturalChanges === 'yes',
          architecturalDetails: parsed.architecturalChanges === 'yes' ? parsed.architecturalDetails : '',
          items: parsed.furnitureData.map((item) => ({ description: item.description, placement: item.placement })),
          inspirationCount: inspiration.length,
          styleLens: activeLens(user, parsed.useStyleLens),
        },
        uploads: { room, items, inspiration },
      });
      const design = await waitForDesign(services, request, designId);
      if (design?.status === 'failed') return reply.code(502).send({ designId, error: design.error ?? messages.tools.processDesignFailed });
      return { designId };
    },
  );

  app.post(
    '/api/kitchen-bathroom-design',
    {
      schema: {
        ...common,
        summary:
          'Kitchen & Bathroom: multipart spacePhoto, finishesFixtures, inspirationPhotos, finishesData (JSON list of label and category), additionalRequests',
        response: {
          200: kitchenBathroomAnswer,
          400: errorBody,
          401: errorBody,
          402: errorBody,
          403: errorBody,
          413: errorBody,
          415: errorBody,
          429: errorBody,
          502: kitchenBathroomAnswer,
        },
      },
    },
    async (request, reply) => {
      const user = await requireToolAccess(services, request);
      const { fields, files } = await readMultipart(request, { maxFiles: MAX_FILES });
      const room = filesOf(files, 'spacePhoto')[0];
      if (!room) throw new AppError('BAD_REQUEST', 'Please upload a photo of your space.');
      const parsed = kitchenBathroomFields.parse({
        ...fields,
        finishesData: parseJsonField(fields.finishesData) ?? [],
        useStyleLens: fields.useStyleLens !== 'false',
      });
      const items = filesOf(files, 'finishesFixtures');
      if (items.length !== parsed.finishesData.length) throw new AppError('BAD_REQUEST', 'Please choose where each finish goes.');
      const inspiration = filesOf(files, 'inspirationPhotos');
      const designId = await createDesign(services, {
        userId: user.id,
        tool: 'kitchen-bathroom',
        brief: {
          tool: 'kitchen-bathroom',
          styleDescription: '',
          additionalText: parsed.additionalRequests,
          architecturalChanges: false,
          architecturalDetails: '',
          items: parsed.finishesData.map((f) => ({ description: f.label, placement: f.category, category: f.category })),
          inspirationCount: inspiration.length,
          styleLens: activeLens(user, parsed.useStyleLens),
        },
        uploads: { room, items, inspiration },
      });
      const design = await waitForDesign(services, request, designId);
      if (design?.status === 'failed')
        return reply.code(502).send({ success: false, designId, error: design.error ?? messages.tools.processDesignFailed });
      return { success: true, designId };
    },
  );

  /** Credits are taken when a design is made; claiming stays in the contract and never charges twice. */
  app.post(
    '/api/claim-results',
    {
      schema: {
        tags: ['designs'],
        body: claimResultsBody,
        response: { 200: claimResultsAnswer, 401: errorBody, 402: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const user = await requireUser(services, request);
      const [design] = await db
        .select()
        .from(roomDesigns)
        .where(and(eq(roomDesigns.id, request.body.designId), eq(roomDesigns.userId, user.id)));
      if (!design) throw new AppError('NOT_FOUND', messages.server.notFound);
      if (design.creditState === 'refunded') throw new AppError('PAYMENT_REQUIRED', 'This design failed and its credit was returned.');
      if (!design.creditClaimedAt) await db.update(roomDesigns).set({ creditClaimedAt: new Date() }).where(eq(roomDesigns.id, design.id));
      const [fresh] = await db
        .select({ used: users.transformationsUsed, limit: users.transformationsLimit })
        .from(users)
        .where(eq(users.id, user.id));
      return { creditsRemaining: Math.max(0, fresh!.limit - fresh!.used) };
    },
  );

  /** A design for its owner; a public one for anyone (read-only, noSession when not signed in); else 404. */
  app.get(
    '/api/room-design/:id',
    {
      schema: { tags: ['designs'], params: z.object({ id: z.string().min(1).max(64) }), response: { 200: roomDesignView, 404: errorBody } },
    },
    async (request) => {
      const viewer = await getSessionUser(services, request);
      const [design] = await db.select().from(roomDesigns).where(eq(roomDesigns.id, request.params.id));
      if (!design || (design.userId !== viewer?.id && !design.isPublic && viewer?.role !== 'admin'))
        throw new AppError('NOT_FOUND', messages.server.notFound);
      return { ...toDesignRecord(design), noSession: !viewer };
    },
  );
};
