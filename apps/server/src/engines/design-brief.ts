export type ImageRole = 'room' | 'item' | 'finish' | 'inspiration' | 'base' | 'tweak' | 'mask';

/** An image sent to an engine, labelled by its role (and, for items, by its index in brief.items). */
export interface LabelledImage {
  role: ImageRole;
  data: Buffer;
  mimeType: 'image/webp' | 'image/jpeg' | 'image/png';
  itemIndex?: number;
}
