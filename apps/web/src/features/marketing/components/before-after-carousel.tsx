import { CAROUSEL } from '@rv/contracts/constants';
import type { SiteConfig } from '@rv/contracts/api/site';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

type Sample = SiteConfig['samples'][number];

/**
 * The before/after carousel of the sample rooms: it advances every 4 seconds; a click on a thumbnail
 * shows that room and holds it for 8 seconds before the rotation resumes.
 */
export function BeforeAfterCarousel({ samples }: { samples: Sample[] }) {
  const [active, setActive] = useState(0);
  const [heldAt, setHeldAt] = useState<number | null>(null);
  const count = samples.length;

  useEffect(() => {
    if (count < 2) return;
    const delay = heldAt === null ? CAROUSEL.intervalMs : CAROUSEL.pauseAfterClickMs;
    const timer = window.setTimeout(() => {
      setHeldAt(null);
      setActive((index) => (index + 1) % count);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [active, heldAt, count]);

  const current = samples[active];
  if (!current) return null;

  return (
    <section aria-roledescription="carousel" aria-label="Before and after sample rooms" className="mx-auto max-w-5xl">
      <div className="grid gap-3 sm:grid-cols-2" aria-live="polite" data-testid="carousel-slide" data-active-index={active}>
        {(['before', 'after'] as const).map((side) => (
          <figure key={side} className="relative overflow-hidden rounded-xl bg-slate-100 shadow-md">
            <img
              src={current[side]}
              alt={side === 'before' ? `${current.room} before the redesign` : current.alt}
              width={1200}
              height={800}
              className="aspect-[3/2] w-full object-cover"
              // The first 'before' photo is the page's largest paint on a phone (the 'after' one is below it).
              fetchPriority={active === 0 && side === 'before' ? 'high' : 'auto'}
            />
            <figcaption
              className={cn(
                'absolute top-3 left-3 rounded-full px-3 py-1 text-sm font-bold',
                side === 'before' ? 'bg-white/90 text-slate-900' : 'bg-brand-700 text-white',
              )}
            >
              {side === 'before' ? 'Before' : 'After'}
            </figcaption>
          </figure>
        ))}
      </div>
      <p className="mt-3 text-center font-semibold text-slate-800">{current.room}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2" role="group" aria-label="Choose a sample room">
        {samples.map((sample, index) => (
          <button
            key={sample.id}
            type="button"
            aria-label={`Show sample ${index + 1}: ${sample.room}`}
            aria-pressed={index === active}
            onClick={() => {
              setActive(index);
              setHeldAt(Date.now());
            }}
            className={cn(
              'overflow-hidden rounded-lg border-2 transition',
              index === active ? 'border-brand-700 ring-2 ring-brand-200' : 'border-transparent opacity-80 hover:opacity-100',
            )}
          >
            <img src={sample.thumb} alt="" width={96} height={64} loading="lazy" className="h-16 w-24 object-cover" />
          </button>
        ))}
      </div>
    </section>
  );
}
