/** The one URL rule for a stored file: every stored image and upload is served at /api/files/<storage key>. */
export const FILES_PATH_PREFIX = '/api/files/';

export const fileUrl = (key: string): string => `${FILES_PATH_PREFIX}${key}`;
