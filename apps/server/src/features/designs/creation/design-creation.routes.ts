import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kitchenBathroomFields, roomDesignFields } from '@rv/contracts/api/creation';
import { routes } from '@rv/contracts/routes/routes';
import { messages } from '@rv/contracts/messages';
import { requireToolAccess, requireUser, type UserRow } from '../../../auth/session-guard';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart, type UploadedFile } from '../../../uploads/read-multipart';
import { createDesign } from './create-design';
import { DESIGN_UPLOAD_LIMITS } from '@rv/contracts/constants';
import type { DesignBrief } from '@rv/contracts/design-brief';
import { claimResults } from './claim-results';
import { waitForDesign } from './wait-for-design';
import type { DesignTool } from '@rv/contracts/domain';

/** The most files one form may carry: its room photo and the largest item and inspiration allowances. */
const MAX_FILES = 1 + DESIGN_UPLOAD_LIMITS.finishesFixtures + DESIGN_UPLOAD_LIMITS.inspirationPhotos;

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

const FIELD_NAMES: Record<string, string> = {
  furniturePhotos: 'furniture & decor photos',
  conceptPhotos: 'inspiration photos',
  finishesFixtures: 'finish & fixture photos',
  inspirationPhotos: 'inspiration photos',
};
const tooManyPhotos = (limit: number, field: string) => `You can add up to ${limit} ${FIELD_NAMES[field] ?? 'photos'}.`;

/** What differs between the two tools' forms: their field names, their own texts, and how the fields become a brief. */
interface ToolForm {
  tool: DesignTool;
  roomField: string;
  roomMissing: string;
  itemsField: string;
  itemsMismatch: string;
  /** How many item (or finish) photos and inspiration photos the form takes (the same limits as the browser's). */
  itemsLimit: number;
  inspirationField: string;
  inspirationLimit: number;
  /** The brief from the text fields (zod-checked), and how many item photos it describes. */
  toBrief: (fields: Record<string, string>, user: UserRow, inspirationCount: number) => { brief: DesignBrief; itemCount: number };
}

const FURNISHING: ToolForm = {
  tool: 'furnishing',
  roomField: 'roomPhoto',
  roomMissing: messages.validation.roomPhotoRequired,
  itemsField: 'furniturePhotos',
  itemsMismatch: messages.validation.itemDescriptionsRequired,
  itemsLimit: DESIGN_UPLOAD_LIMITS.furniturePhotos,
  inspirationField: 'conceptPhotos',
  inspirationLimit: DESIGN_UPLOAD_LIMITS.conceptPhotos,
  toBrief: (fields, user, inspirationCount) => {
    const parsed = roomDesignFields.parse({
      ...fields,
      furnitureData: parseJsonField(fields.furnitureData) ?? [],
      useStyleLens: fields.useStyleLens !== 'false',
    });
    const architecturalChanges = parsed.architecturalChanges === 'yes';
    return {
      itemCount: parsed.furnitureData.length,
      brief: {
        tool: 'furnishing',
        styleDescription: parsed.styleDescription,
        additionalText: parsed.additionalSuggestions,
        architecturalChanges,
        architecturalDetails: architecturalChanges ? parsed.architecturalDetails : '',
        items: parsed.furnitureData.map((item) => ({ description: item.description, placement: item.placement })),
        inspirationCount,
        styleLens: activeLens(user, parsed.useStyleLens),
      },
    };
  },
};

const KITCHEN_BATHROOM: ToolForm = {
  tool: 'kitchen-bathroom',
  roomField: 'spacePhoto',
  roomMissing: 'Please upload a photo of your space.',
  itemsField: 'finishesFixtures',
  itemsMismatch: 'Please choose where each finish goes.',
  itemsLimit: DESIGN_UPLOAD_LIMITS.finishesFixtures,
  inspirationField: 'inspirationPhotos',
  inspirationLimit: DESIGN_UPLOAD_LIMITS.inspirationPhotos,
  toBrief: (fields, user, inspirationCount) => {
    const parsed = kitchenBathroomFields.parse({
      ...fields,
      finishesData: parseJsonField(fields.finishesData) ?? [],
      useStyleLens: fields.useStyleLens !== 'false',
    });
    return {
      itemCount: parsed.finishesData.length,
      brief: {
        tool: 'kitchen-bathroom',
        styleDescription: '',
        additionalText: parsed.additionalRequests,
        architecturalChanges: false,
        architecturalDetails: '',
        items: parsed.finishesData.map((f) => ({ description: f.label, placement: f.category, category: f.category })),
        inspirationCount,
        styleLens: activeLens(user, parsed.useStyleLens),
      },
    };
  },
};

export const designCreationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  /** Both tools: check access, read and check the form, create the design, wait for it; the failure text when it failed. */
  async function makeDesign(request: FastifyRequest, form: ToolForm): Promise<{ designId: string; error: string | null }> {
    const user = await requireToolAccess(services, request);
    const { fields, files } = await readMultipart(request, { maxFiles: MAX_FILES });
    const room = filesOf(files, form.roomField)[0];
    if (!room) throw new AppError('BAD_REQUEST', form.roomMissing);
    const items = filesOf(files, form.itemsField);
    const inspiration = filesOf(files, form.inspirationField);
    if (items.length > form.itemsLimit) throw new AppError('BAD_REQUEST', tooManyPhotos(form.itemsLimit, form.itemsField));
    if (inspiration.length > form.inspirationLimit)
      throw new AppError('BAD_REQUEST', tooManyPhotos(form.inspirationLimit, form.inspirationField));
    const { brief, itemCount } = form.toBrief(fields, user, inspiration.length);
    if (items.length !== itemCount) throw new AppError('BAD_REQUEST', form.itemsMismatch);
    const designId = await createDesign(services, { userId: user.id, tool: form.tool, brief, uploads: { room, items, inspiration } });
    let gone = false;
    request.raw.once('close', () => (gone = true));
    const design = await waitForDesign(db, designId, () => gone);
    return { designId, error: design?.status === 'failed' ? (design.error ?? messages.tools.processDesignFailed) : null };
  }

  route(
    app,
    routes.createRoomDesign,
    async (request) => {
      const { designId, error } = await makeDesign(request, FURNISHING);
      return error ? { status: 502, body: { designId, error } } : { status: 200, body: { designId } };
    },
    { tags: ['designs'] },
  );

  route(
    app,
    routes.createKitchenBathroomDesign,
    async (request) => {
      const { designId, error } = await makeDesign(request, KITCHEN_BATHROOM);
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
