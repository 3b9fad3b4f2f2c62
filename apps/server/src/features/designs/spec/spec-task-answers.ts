import { fileUrl } from '@rv/contracts/files';
import type { DesignImageRow } from '../../../db/schema';

/**
 * The spec's answer to Fix Room: the design's generated and fixed results' URLs (refinements left out,
 * as the spec's generatedImageUrls) and the new file's name (its storage key; '' when there is none).
 */
export function toFixRoomAnswer(result: { resultKey: string | undefined; images: DesignImageRow[] }) {
  return {
    generatedImageUrls: result.images.filter((image) => image.kind !== 'refined').map((image) => fileUrl(image.key)),
    visualizerFilename: result.resultKey ?? '',
  };
}

/** The spec's stream's complete event: the refined image's URL and its file name (its storage key). */
export const toRefineComplete = (resultKey: string) => ({ refinedImageUrl: fileUrl(resultKey), visualizerFilename: resultKey });
