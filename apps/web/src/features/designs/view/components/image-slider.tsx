import type { ViewImage, ViewPicture } from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { BeforeAfterCompare, resultImage } from './before-after-compare';

/**
 * A slider of result images: previous/next buttons and the arrow keys, the place in the slider announced.
 * Every image is in the page, each with its own number and buttons, the ones not shown `hidden` (their
 * photos load when shown: `loading="lazy"`). A step is then only a change of which pieces are hidden, so the
 * page's first script (lib/early-press.ts) and its inline keeper show the next image at a press before React
 * runs, as React will once it carries the press out: every piece of one image is marked `data-slide` with its
 * place, and the slider says how many there are (`data-slides`).
 */
export function ImageSlider<Image extends ViewImage>({
  images,
  label,
  labelFor,
  actions,
  compareWith,
  overlay,
  startAt,
  first = false,
}: {
  images: readonly Image[];
  label: string;
  /** An image's own label ('Refined #2'). */
  labelFor?: (image: Image) => string;
  actions?: (image: ViewImage) => ReactNode;
  /** The original photo: each image can then be compared with it by dragging. */
  compareWith?: ViewPicture;
  /**
   * A panel an image may show in place of its photo (the 'Change only here' brush): always in the page,
   * `hidden` while closed and marked `data-in-place-of-photo`; while it is open the photo after it is
   * hidden by a rule in index.css, so a disclosure opens it before React runs, as React does.
   */
  overlay?: (image: ViewImage) => ReactNode;
  /** The image shown first (by id), when not the first. */
  startAt?: string;
  /** The page's first picture (the result first): loaded at once, sized to the first screen. */
  first?: boolean;
}) {
  const [shownId, setShownId] = useState<string | undefined>(startAt);
  const [showMask, setShowMask] = useState(true);
  const count = images.length;
  // The image shown is kept by its id, so images added in front (a refinement) do not move the slider.
  const at = Math.max(
    0,
    images.findIndex((image) => image.id === shownId),
  );
  if (!images[at]) return null;
  const step = (delta: number) => setShownId(images[(at + delta + count) % count]?.id);
  return (
    <div
      role="group"
      aria-roledescription="slider"
      aria-label={label}
      tabIndex={0}
      data-slides={count}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') step(1);
        if (event.key === 'ArrowLeft') step(-1);
      }}
      className="rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {images.map((image, index) => {
        // Only a refinement made with 'Change only here' has a painted area to show.
        const maskUrl = image.kind === 'refined' ? image.maskUrl : undefined;
        const name = `${labelFor ? labelFor(image) : label}: ${index + 1} of ${count}`;
        return (
          <div key={image.id} data-slide={index} hidden={index !== at}>
            {labelFor && <p className="mb-2 font-semibold text-slate-800">{labelFor(image)}</p>}
            {overlay?.(image)}
            <div className="relative">
              {compareWith ? (
                <BeforeAfterCompare before={compareWith} after={image} label={name} first={first && index === at} />
              ) : (
                <img {...resultImage(image)} alt={name} className="h-auto w-full rounded-2xl bg-slate-100 shadow-md" />
              )}
              {maskUrl && showMask && (
                <img
                  src={maskUrl}
                  alt=""
                  aria-hidden
                  loading="lazy"
                  data-testid="changed-area"
                  className="pointer-events-none absolute inset-0 h-full w-full rounded-2xl opacity-30 mix-blend-screen"
                />
              )}
            </div>
            {maskUrl && (
              <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" checked={showMask} onChange={(e) => setShowMask(e.target.checked)} className="accent-brand-700" />
                {messages.refineMask.showChangedArea}
              </label>
            )}
          </div>
        );
      })}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => step(-1)}
            disabled={count < 2}
            aria-label="Previous image"
            data-step="previous"
          >
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <span aria-live="polite" className="text-sm text-slate-700">
            {images.map((image, index) => (
              <span key={image.id} data-slide={index} hidden={index !== at}>
                {index + 1} / {count}
              </span>
            ))}
          </span>
          <Button variant="secondary" size="sm" onClick={() => step(1)} disabled={count < 2} aria-label="Next image" data-step="next">
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
        {actions &&
          images.map((image, index) => (
            <div key={image.id} data-slide={index} hidden={index !== at}>
              {actions(image)}
            </div>
          ))}
      </div>
    </div>
  );
}
