import { ORIGINAL_PHOTO_ID, type DownloadFormat } from '@rv/contracts/images';
import { urlOf } from '@/lib/api-client';

/**
 * The one download link for a design's image, by its id ('original' for the room photo): the server
 * finds the image among that design's rows and answers its file as an attachment named after it. A result
 * comes as a JPG at its full size unless another format is asked (PNG, WebP); the room photo as it was given.
 * Used as a link's href with the `download` attribute, on the results page and in My Designs alike.
 */
export const imageDownloadUrl = (designId: string, imageId: string, format: DownloadFormat = 'jpg') =>
  urlOf('downloadDesignImage', {
    params: { id: designId, imageId },
    query: imageId === ORIGINAL_PHOTO_ID ? {} : { format },
  });
