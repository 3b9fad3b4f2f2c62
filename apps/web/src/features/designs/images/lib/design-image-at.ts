import type { DesignImage, RoomDesign } from '@rv/contracts/api/designs';

/**
 * The image row at a position of the design's result list (0 = the newest result, the index of
 * refinedImageStorageUrls and of the spec's maps). Saving, renaming and deleting address that row by its id.
 */
export const designImageAt = (design: Pick<RoomDesign, 'designImages'>, position: number): DesignImage | undefined =>
  design.designImages?.find((image) => image.position === position);
