import { keyOfFileUrl } from '@rv/contracts/files';
import { createUploadItem, type UploadItem } from '@/components/ui/upload-drop-zone';
import { callFile } from '@/lib/api-client';

/**
 * The current lens's photos as upload items, in their order, so a re-run (/style-lens?edit=true)
 * starts from them: the person removes, adds or reorders, then analyses again.
 */
export async function loadStylePhotos(urls: readonly string[], signal?: AbortSignal): Promise<UploadItem[]> {
  const files = await Promise.all(
    urls.map(async (url, index) => {
      const key = keyOfFileUrl(url);
      if (!key) throw new Error(`Not one of our files: ${url}`);
      const blob = await (await callFile('files', { params: { '*': key } }, { signal })).blob();
      return new File([blob], `style-photo-${index + 1}.webp`, { type: 'image/webp' });
    }),
  );
  return files.map(createUploadItem);
}
