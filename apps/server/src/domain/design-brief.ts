import type { DesignTool } from '@rv/contracts/domain';
import type { Look } from '@rv/contracts/api/look';

/** A look carried to a design (issue 49): the look, and the stored result it was taken from (the hosted engines' reference image). */
export type BriefLook = Look & { sourceImageKey: string };

/**
 * What the user asked for, in structured form: the prompt builder turns it into words for a remote
 * model, and the local engine reads it directly (colours, materials, placements).
 */
export interface DesignBrief {
  tool: DesignTool;
  /** Free style words (furnishing: styleDescription). */
  styleDescription: string;
  /** Free text (furnishing: additionalSuggestions; kitchen: additionalRequests). */
  additionalText: string;
  architecturalChanges: boolean;
  architecturalDetails: string;
  /** Furnishing items, or kitchen/bathroom finishes (with their category as where they go). */
  items: { description: string; placement: string; category?: string }[];
  inspirationCount: number;
  roomType?: string;
  /** The active StyleLens lens, when the user applies it. */
  styleLens?: string;
  /** A look taken from another result, for this home (StyleLens stays the person's taste; both apply). */
  look?: BriefLook;
}

export type ImageRole = 'room' | 'item' | 'finish' | 'inspiration' | 'base' | 'tweak' | 'mask' | 'look';

/** The roles of images that show one of brief.items: the user's furnishing items, or a kitchen's or bathroom's finishes. */
export type ItemRole = 'item' | 'finish';

/** An image's role; an item's or a finish's also says which of brief.items it shows (its index there). */
export type ImageSlot = { role: ItemRole; itemIndex: number } | { role: Exclude<ImageRole, ItemRole> };

/** The index in brief.items an image shows: an item's or a finish's; none for any other role. */
export const itemIndexOf = (image: ImageSlot): number | undefined => ('itemIndex' in image ? image.itemIndex : undefined);

/** An image sent to an engine, labelled by its role (and, for items and finishes, by its index in brief.items). */
export type LabelledImage = ImageSlot & { data: Buffer; mimeType: 'image/webp' | 'image/jpeg' | 'image/png' };
