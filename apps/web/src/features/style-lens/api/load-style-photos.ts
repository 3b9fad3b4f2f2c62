import { createUploadItem, type UploadItem } from '@/components/ui/upload-drop-zone';

/**
 * The current lens's photos as upload items, in their order, so a re-run (/style-lens?edit=true)
 * starts from them: the person removes, adds or reorders, then analyses again.
 */
export async function loadStylePhotos(urls: readonly string[], signal?: AbortSignal): Promise<UploadItem[]> {
  const files = await Promise.all(
    urls.map(async (url, index) => {
      const response = await fetch(url, { credentials: 'same-origin', signal });
      if (!response.ok) throw new Error(`${response.status}: ${url}`);
      const blob = await response.blob();
      return new File([blob], `style-photo-${index + 1}.webp`, { type: 'image/webp' });
    }),
  );
  return files.map(createUploadItem);
}
