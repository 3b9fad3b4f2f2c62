import type { kitchenBathroomForm, roomDesignForm } from '@rv/contracts/api/creation';
import { messages } from '@rv/contracts/messages';
import type { MultipartFileName, MultipartSpec, MultipartValues } from '@rv/contracts/multipart';
import type { UserRow } from '../../../auth/session-guard';
import type { DesignBrief } from '../../../domain/design-brief';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import type { UploadedFile } from '../../../uploads/read-multipart';
import { createDesign } from './create-design';

/** A tool form as read against its catalogue declaration (read-multipart). */
interface ReadForm<Spec extends MultipartSpec> {
  values: MultipartValues<Spec>;
  files: Record<MultipartFileName<Spec>, UploadedFile[]>;
}

/** One tool's form as a design to make: its photos by role, the brief its fields make, and its own texts. */
export interface ToolUpload {
  tool: DesignBrief['tool'];
  room: UploadedFile;
  items: UploadedFile[];
  inspiration: UploadedFile[];
  brief: DesignBrief;
  /** How many item photos the brief describes (each photo needs its words), and the message when they differ. */
  itemCount: number;
  itemsMismatch: string;
  /** Whole home, one look (issue 49): more photos of the same room, the look to carry, the home it goes to. */
  morePhotos: UploadedFile[];
  lookId?: string;
  homeId?: string;
}

/** The form's look, home and more photos of the room, as the design takes them. */
const homeParts = (values: { lookId?: string | undefined; homeId?: string | undefined }, morePhotos: UploadedFile[]) => ({
  morePhotos,
  ...(values.lookId ? { lookId: values.lookId } : {}),
  ...(values.homeId ? { homeId: values.homeId } : {}),
});

/** A saved StyleLens steers every design unless the user leaves it out for this one. */
const activeLens = (user: UserRow, use: boolean) => (use && user.styleSaveStatus && user.styleLens ? user.styleLens.stylelens : undefined);

/** The Furnishing & Decorating form (POST /api/room-design) as a design to make. */
export function furnishingUpload({ values, files }: ReadForm<typeof roomDesignForm>, user: UserRow): ToolUpload {
  const architecturalChanges = values.architecturalChanges === 'yes';
  return {
    tool: 'furnishing',
    room: files.roomPhoto[0]!,
    ...homeParts(values, files.morePhotos),
    items: files.furniturePhotos,
    inspiration: files.conceptPhotos,
    itemCount: values.furnitureData.length,
    itemsMismatch: messages.validation.itemDescriptionsRequired,
    brief: {
      tool: 'furnishing',
      styleDescription: values.styleDescription,
      additionalText: values.additionalSuggestions,
      architecturalChanges,
      architecturalDetails: architecturalChanges ? values.architecturalDetails : '',
      items: values.furnitureData.map((item) => ({ description: item.description, placement: item.placement })),
      inspirationCount: files.conceptPhotos.length,
      styleLens: activeLens(user, values.useStyleLens),
      ...(values.roomType ? { roomType: values.roomType } : {}),
    },
  };
}

/** The Kitchen & Bathroom form (POST /api/kitchen-bathroom-design) as a design to make. */
export function kitchenBathroomUpload({ values, files }: ReadForm<typeof kitchenBathroomForm>, user: UserRow): ToolUpload {
  return {
    tool: 'kitchen-bathroom',
    room: files.spacePhoto[0]!,
    ...homeParts(values, files.morePhotos),
    items: files.finishesFixtures,
    inspiration: files.inspirationPhotos,
    itemCount: values.finishesData.length,
    itemsMismatch: 'Please choose where each finish goes.',
    brief: {
      tool: 'kitchen-bathroom',
      styleDescription: '',
      additionalText: values.additionalRequests,
      architecturalChanges: false,
      architecturalDetails: '',
      items: values.finishesData.map((f) => ({ description: f.label, placement: f.category, category: f.category })),
      inspirationCount: files.inspirationPhotos.length,
      styleLens: activeLens(user, values.useStyleLens),
      ...(values.roomType ? { roomType: values.roomType } : {}),
    },
  };
}

/**
 * Makes the design a tool form describes: its uploads stored, its credit reserved and its job queued.
 * Answers its id at once (ADR 066); its events follow the job (`GET /api/designs/{id}/events`).
 */
export async function startDesignFromForm(services: Services, input: { userId: string; upload: ToolUpload }): Promise<string> {
  const { tool, room, items, inspiration, brief, itemCount, itemsMismatch, morePhotos, lookId, homeId } = input.upload;
  if (items.length !== itemCount) throw new AppError('BAD_REQUEST', itemsMismatch);
  return createDesign(services, {
    userId: input.userId,
    tool,
    brief,
    uploads: { room, items, inspiration, morePhotos },
    ...(lookId ? { lookId } : {}),
    ...(homeId ? { homeId } : {}),
  });
}
