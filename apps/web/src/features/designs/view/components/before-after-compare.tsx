import type { ViewPicture } from '@rv/contracts/api/design-view';
import { RESULT_IMAGE_SIZES } from '@rv/contracts/images';
import { useRef, useState, type PointerEvent } from 'react';
import { responsiveImage } from '@/lib/responsive-image';

/**
 * A result image's attributes: its sizes across the content column, fetched only when shown and after the
 * page's other images (a slider has every result in the page, all but one hidden).
 */
/**
 * What the first screen keeps above and below a result: the header, the page's heading and the section's,
 * the switch to the original and the slider's buttons (20rem: 320 px of a desktop's 900).
 */
const FIRST_SCREEN_TAKEN = '20rem';

export const resultImage = (picture: ViewPicture) =>
  ({ ...responsiveImage(picture, RESULT_IMAGE_SIZES), loading: 'lazy', decoding: 'async', fetchPriority: 'low' }) as const;

/** Where a pointer is across the element, as a whole percentage from its left edge (0-100). */
export function percentAcross(element: Element, clientX: number): number {
  const box = element.getBoundingClientRect();
  if (box.width <= 0) return 50;
  return Math.round(Math.min(100, Math.max(0, ((clientX - box.left) / box.width) * 100)));
}

/**
 * Before/after on one image: the original is revealed from the left up to a handle. The handle follows
 * a finger, pen or mouse anywhere on the photo (a press or tap moves it there, a drag carries it; the
 * photo still scrolls the page vertically, `touch-action: pan-y`), and a native range input under it
 * works with the keyboard and screen readers too.
 */
export function BeforeAfterCompare({
  before,
  after,
  label,
  first = false,
}: {
  before: ViewPicture;
  after: ViewPicture;
  label: string;
  /** The page's first picture: loaded at once, and as large as the first screen allows (the result first). */
  first?: boolean;
}) {
  // The design whole at first; the original is one drag, or one press of the switch under it, away.
  const [position, setPosition] = useState(0);
  const dragging = useRef<number | null>(null);
  const follow = (event: PointerEvent<HTMLElement>) => setPosition(percentAcross(event.currentTarget, event.clientX));
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    // The range input handles its own presses; a mouse takes only its main button.
    if (event.target instanceof HTMLInputElement || (event.pointerType === 'mouse' && event.button !== 0)) return;
    dragging.current = event.pointerId;
    // Capture keeps the drag when the pointer leaves the photo (jsdom has no pointer capture).
    event.currentTarget.setPointerCapture?.(event.pointerId);
    follow(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (dragging.current === event.pointerId) follow(event);
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (dragging.current === event.pointerId) dragging.current = null;
  };
  return (
    <>
      <figure
        className="relative mx-auto w-full cursor-ew-resize touch-pan-y overflow-hidden rounded-2xl bg-slate-100 shadow-md select-none"
        // As wide as the column, and no taller than the first screen leaves under the header and headings (a cap, so
        // that a column narrower than the cap is never widened by it: a 320 px phone scrolled sideways with min()).
        style={{ maxWidth: `calc((100svh - ${FIRST_SCREEN_TAKEN}) * ${after.width / after.height})` }}
        data-testid="before-after"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <img
          {...resultImage(after)}
          {...(first ? ({ loading: 'eager', fetchPriority: 'high' } as const) : {})}
          alt={label}
          draggable={false}
          className="block h-auto w-full"
        />
        <img
          {...responsiveImage(before, RESULT_IMAGE_SIZES)}
          alt="The original room"
          loading="lazy"
          decoding="async"
          // Behind the design until dragged to: asked for after it (the page preloads the design, issue 51).
          fetchPriority="low"
          draggable={false}
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
      <p className="mt-2 flex justify-center">
        <button
          type="button"
          aria-pressed={position === 100}
          onClick={() => setPosition(position === 100 ? 0 : 100)}
          className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {position === 100 ? 'Show the design' : 'Show the original'}
        </button>
      </p>
    </>
  );
}
