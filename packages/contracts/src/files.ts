/** The one URL rule for a stored file: every stored image and upload is served at /api/files/<storage key>. */
export const FILES_PATH_PREFIX = '/api/files/';

export const fileUrl = (key: string): string => `${FILES_PATH_PREFIX}${key}`;

/** The storage key of one of our file URLs (relative, or absolute on any host), or null when it is not one. */
export function fileKeyOf(url: string): string | null {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(FILES_PATH_PREFIX)) return null;
  return decodeURIComponent(path.slice(FILES_PATH_PREFIX.length));
}
