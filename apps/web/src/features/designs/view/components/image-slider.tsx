import type { ImageInfo } from '@rv/contracts/api/designs';
import { messages } from '@rv/contracts/messages';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { responsiveImage } from '@/lib/responsive-image';
import { BeforeAfterCompare, RESULT_IMAGE_SIZES } from './before-after-compare';

/** A slider of result images: previous/next buttons and the arrow keys, the position announced. */
export function ImageSlider({
  images,
  imageInfo,
  label,
  labelFor,
  actions,
  compareWith,
  overlay,
  maskFor,
  startAt,
}: {
  images: string[];
  /** The record's image info (thumbnails and sizes), for srcset and width/height. */
  imageInfo?: Record<string, ImageInfo>;
  label: string;
  labelFor?: (index: number) => string;
  actions?: (url: string, index: number) => ReactNode;
  /** The original photo: each image can then be compared with it by dragging. */
  compareWith?: string;
  /** What shows instead of an image (the 'Change only here' brush), when anything. */
  overlay?: (url: string, index: number) => ReactNode;
  /** A masked refinement's painted area, shown faintly over the image so the person sees where it changed. */
  maskFor?: (url: string) => string | undefined;
  /** The image shown first (by URL), when not the first. */
  startAt?: string;
}) {
  const [index, setIndex] = useState(() => Math.max(0, startAt ? images.indexOf(startAt) : 0));
  const [showMask, setShowMask] = useState(true);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;
  const maskUrl = maskFor?.(current);
  const overlaid = overlay?.(current, index);
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  return (
    <div
      role="group"
      aria-roledescription="slider"
      aria-label={label}
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        if (event.key === 'ArrowLeft') go(-1);
      }}
      className="rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {labelFor && <p className="mb-2 font-semibold text-slate-800">{labelFor(index)}</p>}
      {overlaid || (
        <div className="relative">
          {compareWith ? (
            <BeforeAfterCompare
              before={compareWith}
              after={current}
              imageInfo={imageInfo}
              label={`${labelFor ? labelFor(index) : label}: ${index + 1} of ${count}`}
            />
          ) : (
            <img
              {...responsiveImage(current, imageInfo, RESULT_IMAGE_SIZES)}
              alt={`${labelFor ? labelFor(index) : label}: ${index + 1} of ${count}`}
              loading="lazy"
              decoding="async"
              fetchPriority="low"
              className="h-auto w-full rounded-2xl bg-slate-100 shadow-md"
            />
          )}
          {maskUrl && showMask && (
            <img
              src={maskUrl}
              alt=""
              aria-hidden
              data-testid="changed-area"
              className="pointer-events-none absolute inset-0 h-full w-full rounded-2xl opacity-30 mix-blend-screen"
            />
          )}
        </div>
      )}
      {maskUrl && !overlaid && (
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={showMask} onChange={(e) => setShowMask(e.target.checked)} className="accent-brand-700" />
          {messages.refineMask.showChangedArea}
        </label>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => go(-1)} disabled={count < 2} aria-label="Previous image">
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <span aria-live="polite" className="text-sm text-slate-700">
            {index + 1} / {count}
          </span>
          <Button variant="secondary" size="sm" onClick={() => go(1)} disabled={count < 2} aria-label="Next image">
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
        {actions?.(current, index)}
      </div>
    </div>
  );
}
