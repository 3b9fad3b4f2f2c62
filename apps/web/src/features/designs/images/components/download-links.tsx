import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { imageDownloadUrl } from '../api/image-download-url';

/**
 * A result's downloads: 'Download' gives a JPG at the full size the design was made (it opens everywhere);
 * 'More formats' (a native disclosure, open at a press before any script) gives a lossless PNG and the
 * smaller WebP, at the same size.
 */
export function DownloadLinks({ designId, imageId }: { designId: string; imageId: string }) {
  return (
    <>
      <Button asChild size="sm" variant="secondary">
        <a href={imageDownloadUrl(designId, imageId)} download>
          <Download className="size-4" aria-hidden /> Download
        </a>
      </Button>
      <details className="relative">
        <summary className="flex h-9 cursor-pointer list-none items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          More formats
        </summary>
        <ul className="absolute z-10 mt-1 w-max space-y-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
          <li>
            <a
              href={imageDownloadUrl(designId, imageId, 'png')}
              download
              className="block rounded px-2 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              PNG, lossless
            </a>
          </li>
          <li>
            <a
              href={imageDownloadUrl(designId, imageId, 'webp')}
              download
              className="block rounded px-2 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              WebP, smaller file
            </a>
          </li>
        </ul>
      </details>
    </>
  );
}
