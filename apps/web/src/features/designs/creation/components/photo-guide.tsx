import { ChevronDown } from 'lucide-react';

export const PHOTO_TIPS = [
  { title: 'Straight on', body: 'Stand in a corner or doorway and face the room squarely, not at a steep angle.' },
  { title: 'Well lit', body: 'Open the curtains and turn the lights on. Daylight gives the truest colours.' },
  { title: 'The whole room', body: 'Fit in the floor, the walls and the ceiling line, so we can keep the architecture.' },
  { title: 'Landscape', body: 'Hold your phone sideways for a wide, landscape photo.' },
  { title: 'Chest height', body: 'Hold the camera level at chest height, not above your head or at your knees.' },
] as const;

export function PhotoTipList() {
  return (
    <ul className="space-y-2">
      {PHOTO_TIPS.map((tip) => (
        <li key={tip.title} className="text-slate-700">
          <span className="font-semibold text-slate-900">{tip.title}:</span> {tip.body}
        </li>
      ))}
    </ul>
  );
}

/** The collapsible best-practice photo guide. */
export function PhotoGuide() {
  return (
    <details className="group rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        Photo guide: how to take the best room photo
        <ChevronDown className="size-5 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="mt-3">
        <PhotoTipList />
      </div>
    </details>
  );
}
