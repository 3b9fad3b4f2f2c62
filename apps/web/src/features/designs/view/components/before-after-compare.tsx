import type { ViewPicture } from '@rv/contracts/api/design-view';
import { useState } from 'react';
import { responsiveImage } from '@/lib/responsive-image';

/** Result images span the page's content column (max-w-5xl less its padding). */
export const RESULT_IMAGE_SIZES = '(min-width: 1024px) 992px, calc(100vw - 2rem)';

/**
 * Before/after on one image: the original is revealed from the left up to a handle the user drags
 * (a native range input, so it works with the keyboard and screen readers too).
 */
export function BeforeAfterCompare({ before, after, label }: { before: ViewPicture; after: ViewPicture; label: string }) {
  const [position, setPosition] = useState(50);
  return (
    <figure className="relative overflow-hidden rounded-2xl bg-slate-100 shadow-md">
      <img
        {...responsiveImage(after, RESULT_IMAGE_SIZES)}
        alt={label}
        loading="lazy"
        decoding="async"
        fetchPriority="low"
        className="block h-auto w-full"
      />
      <img
        {...responsiveImage(before, RESULT_IMAGE_SIZES)}
        alt="The original room"
        loading="lazy"
        decoding="async"
        className="absolute inset-0 block h-full w-full object-cover"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${position}%` }} aria-hidden />
      <span className="absolute top-3 left-3 rounded-full bg-white/90 px-2 py-0.5 text-xs font-bold text-slate-900">Before</span>
      <span className="absolute top-3 right-3 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">After</span>
      <label className="absolute inset-x-4 bottom-3">
        <span className="sr-only">Compare with the original: drag to reveal the before photo</span>
        <input
          type="range"
          min={0}
          max={100}
          value={position}
          onChange={(e) => setPosition(Number(e.target.value))}
          onKeyDown={(e) => e.stopPropagation()}
          className="w-full accent-brand-700"
        />
      </label>
    </figure>
  );
}
