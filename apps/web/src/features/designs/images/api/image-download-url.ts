import { urlOf } from '@/lib/api-client';

/**
 * The one download link for a design's image, by its id ('original' for the room photo): the server
 * finds the image among that design's rows and answers its file as an attachment named after it. Used
 * as a link's href with the `download` attribute, on the results page and in My Designs alike.
 */
export const imageDownloadUrl = (designId: string, imageId: string) => urlOf('downloadDesignImage', { params: { id: designId, imageId } });
