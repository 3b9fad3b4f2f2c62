import { messages } from '@rv/contracts/messages';
import { toast } from 'sonner';
import { downloadFileName } from './design-tiles';

/**
 * Downloads one of our images through GET /api/download-image (our own files only) under the spec's
 * name: the project name, an ISO timestamp and .webp. Data URLs are saved directly.
 */
export async function downloadImage(url: string, name: string): Promise<void> {
  try {
    let href = url;
    if (!url.startsWith('data:')) {
      const query = new URLSearchParams({ url, filename: name });
      const response = await fetch(`/api/download-image?${query}`, { credentials: 'same-origin' });
      if (!response.ok) {
        toast.error(messages.account.fetchImageFailed);
        return;
      }
      href = URL.createObjectURL(await response.blob());
    }
    const link = document.createElement('a');
    link.href = href;
    link.download = downloadFileName(name);
    document.body.append(link);
    link.click();
    link.remove();
    if (href !== url) window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
    toast.success(messages.account.downloadStarted);
  } catch {
    toast.error(messages.account.downloadFailedTitle, { description: messages.account.downloadFailed });
  }
}
