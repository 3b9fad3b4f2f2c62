import { messages } from '@rv/contracts/messages';
import type { UserRow } from '../../../auth/session-guard';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { isStorageKey } from '../../../storage/storage';
import { mayReadFile } from '../../files';
import { downloadFilename } from '../sharing/open-download';

export const NOT_OUR_IMAGE = 'Only images stored by Room Visualizer can be downloaded.';

/**
 * The storage key named by a download URL: only our own file URLs (/api/files/<key>, relative or on
 * PUBLIC_URL) or a bare key. Anything else (other hosts, file:, data:) is refused: never fetched.
 */
function keyFromDownloadUrl(url: string, publicUrl: string): string | null {
  let path = url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== new URL(publicUrl).origin) return null;
    path = parsed.pathname;
  }
  const key = decodeURIComponent(path.replace(/^\/api\/files\//, ''));
  return isStorageKey(key) ? key : null;
}

/**
 * The spec's GET /api/download-image?url (our web app downloads by image id: sharing/open-download.ts):
 * one of our own stored files, by its URL, for a viewer who may read it (else 404; a URL that is not
 * ours is refused, never fetched), with the name it is saved under.
 */
export async function openDownload(services: Services, db: Db, input: { url: string; filename?: string; viewer: UserRow | null }) {
  const key = keyFromDownloadUrl(input.url, services.config.PUBLIC_URL);
  if (!key) throw new AppError('BAD_REQUEST', NOT_OUR_IMAGE);
  if (!(await mayReadFile(db, key, input.viewer))) throw new AppError('NOT_FOUND', messages.server.notFound);
  const object = await services.storage.get(key);
  if (!object) throw new AppError('NOT_FOUND', messages.server.notFound);
  return { object, filename: downloadFilename(input.filename) };
}
