import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@rv/contracts/routes/routes';
import { messages } from '@rv/contracts/messages';
import { requireToolAccess, requireUser, type UserRow } from '../../../auth/session-guard';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/route';
import type { Services } from '../../../services';
import { readMultipart, type UploadedFile } from '../../../uploads/read-multipart';
import { createDesign } from './create-design';
import type { DesignBrief } from '../../../engines/design-brief';
import { claimResults } from './claim-results';
import { waitForDesign } from './wait-for-design';
import type { DesignTool } from '@rv/contracts/domain';

/** A saved StyleLens steers every design unless the user leaves it out for this one. */
const activeLens = (user: UserRow, use: boolean) => (use && user.styleSaveStatus && user.styleLens ? user.styleLens.stylelens : undefined);

/** One tool's form, read and checked against its catalogue declaration: its photos by role and the brief its fields make. */
interface ToolUpload {
  room: UploadedFile;
  items: UploadedFile[];
  inspiration: UploadedFile[];
  brief: DesignBrief;
  /** How many item photos the brief describes (each photo needs its words). */
  itemCount: number;
}

/** What differs between the two tools' forms: their declaration (read-multipart), their own text, and how the fields become a brief. */
interface ToolForm {
  tool: DesignTool;
  itemsMismatch: string;
  read: (request: FastifyRequest, user: UserRow) => Promise<ToolUpload>;
}

const FURNISHING: ToolForm = {
  tool: 'furnishing',
  itemsMismatch: messages.validation.itemDescriptionsRequired,
  read: async (request, user) => {
    const { values, files } = await readMultipart(request, routes.createRoomDesign.multipart);
    const architecturalChanges = values.architecturalChanges === 'yes';
    return {
      room: files.roomPhoto[0]!,
      items: files.furniturePhotos,
      inspiration: files.conceptPhotos,
      itemCount: values.furnitureData.length,
      brief: {
        tool: 'furnishing',
        styleDescription: values.styleDescription,
        additionalText: values.additionalSuggestions,
        architecturalChanges,
        architecturalDetails: architecturalChanges ? values.architecturalDetails : '',
        items: values.furnitureData.map((item) => ({ description: item.description, placement: item.placement })),
        inspirationCount: files.conceptPhotos.length,
        styleLens: activeLens(user, values.useStyleLens),
      },
    };
  },
};

const KITCHEN_BATHROOM: ToolForm = {
  tool: 'kitchen-bathroom',
  itemsMismatch: 'Please choose where each finish goes.',
  read: async (request, user) => {
    const { values, files } = await readMultipart(request, routes.createKitchenBathroomDesign.multipart);
    return {
      room: files.spacePhoto[0]!,
      items: files.finishesFixtures,
      inspiration: files.inspirationPhotos,
      itemCount: values.finishesData.length,
      brief: {
        tool: 'kitchen-bathroom',
        styleDescription: '',
        additionalText: values.additionalRequests,
        architecturalChanges: false,
        architecturalDetails: '',
        items: values.finishesData.map((f) => ({ description: f.label, placement: f.category, category: f.category })),
        inspirationCount: files.inspirationPhotos.length,
        styleLens: activeLens(user, values.useStyleLens),
      },
    };
  },
};

export const designCreationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  /** Both tools: check access, read and check the form, create the design, wait for it; the failure text when it failed. */
  async function makeDesign(request: FastifyRequest, form: ToolForm): Promise<{ designId: string; error: string | null }> {
    const user = await requireToolAccess(services, request);
    const { room, items, inspiration, brief, itemCount } = await form.read(request, user);
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
