import { urlOf } from '@/lib/api-client';

/**
 * The one download path for a design's image: GET /api/download-image (our own files only), which
 * answers it as an attachment named after the project with an ISO timestamp. Used as a link's href
 * with the `download` attribute, on the results page and in My Designs alike.
 */
export const imageDownloadUrl = (imageUrl: string, name: string | null) =>
  urlOf('downloadImage', { query: { url: imageUrl, filename: name || 'room-design' } });
