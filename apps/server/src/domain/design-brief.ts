import type { DesignTool } from '@rv/contracts/domain';

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
}

export type ImageRole = 'room' | 'item' | 'finish' | 'inspiration' | 'base' | 'tweak' | 'mask';

/** An image sent to an engine, labelled by its role (and, for items, by its index in brief.items). */
export interface LabelledImage {
  role: ImageRole;
  data: Buffer;
  mimeType: 'image/webp' | 'image/jpeg' | 'image/png';
  itemIndex?: number;
}
