import type { DesignView, RefinedViewImage, ViewImage } from '@rv/contracts/api/design-view';
import { ORIGINAL_PHOTO_ID, ORIGINAL_PHOTO_SIZES } from '@rv/contracts/images';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { imageDownloadUrl } from '@/features/designs/images/api/image-download-url';
import { responsiveImage } from '@/lib/responsive-image';
import { ImageSlider } from '../image-slider';
import type { ImageTools } from './image-tools';

/** The room photo the design started from, and its download (under the design: the result comes first). */
export function OriginalPhotoSection({ design }: { design: DesignView }) {
  return (
    <section aria-labelledby="original-title" className="space-y-3">
      <h2 id="original-title" className="text-2xl font-extrabold">
        Original photo
      </h2>
      <img
        {...responsiveImage(design.original, ORIGINAL_PHOTO_SIZES)}
        alt="The original room"
        loading="lazy"
        className="h-auto w-full max-w-2xl rounded-2xl shadow-sm"
      />
      <Button asChild variant="secondary" size="sm">
        <a href={imageDownloadUrl(design.id, ORIGINAL_PHOTO_ID)} download>
          <Download className="size-4" aria-hidden /> Download
        </a>
      </Button>
    </section>
  );
}

/** AI-Generated Design: the first results and Fix Room's, in one slider compared with the room photo. */
export function GeneratedImagesSection({
  design,
  images,
  tools,
  startAt,
  fixedShown,
}: {
  design: DesignView;
  images: ViewImage[];
  tools: ImageTools;
  /** The image the slider opens on (the one being painted on). */
  startAt?: string;
  /** Fix Room's newest result: the slider starts again on it. */
  fixedShown: string | null;
}) {
  return (
    <section aria-labelledby="generated-title" className="space-y-3">
      <h2 id="generated-title" className="text-xl font-extrabold sm:text-2xl">
        AI-Generated Design
      </h2>
      <ImageSlider
        // After Fix Room the slider starts again on its new result.
        key={fixedShown ?? 'generated'}
        images={images}
        label="AI-generated design"
        compareWith={design.original}
        actions={tools.actions}
        overlay={tools.overlay}
        startAt={fixedShown ?? startAt}
        first
      />
    </section>
  );
}

/** Refined Design: the refinements, newest first with their own numbers; refineAgain is the panel under them. */
export function RefinedImagesSection({
  design,
  images,
  tools,
  startAt,
  refineAgain,
}: {
  design: DesignView;
  /** Newest first (there is at least one). */
  images: RefinedViewImage[];
  tools: ImageTools;
  startAt?: string;
  refineAgain?: ReactNode;
}) {
  return (
    <section aria-labelledby="refined-title" className="space-y-3">
      <h2 id="refined-title" className="text-2xl font-extrabold">
        Refined Design
      </h2>
      <ImageSlider
        // A new refinement is shown first.
        key={images[0]?.id}
        images={images}
        label="Refined"
        labelFor={(image) => `Refined #${image.refinement}`}
        compareWith={design.original}
        actions={tools.actions}
        overlay={tools.overlay}
        startAt={startAt}
      />
      {refineAgain}
    </section>
  );
}
