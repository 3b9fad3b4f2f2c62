/** The one URL rule for a stored file: every stored image and upload is served at /api/files/<storage key>. */
export const FILES_PATH_PREFIX = '/api/files/';

export const fileUrl = (key: string): string => `${FILES_PATH_PREFIX}${key}`;

/** The storage key of one of our file URLs, or null for any other URL. */
export const keyOfFileUrl = (url: string): string | null =>
  url.startsWith(FILES_PATH_PREFIX) ? url.slice(FILES_PATH_PREFIX.length) || null : null;
