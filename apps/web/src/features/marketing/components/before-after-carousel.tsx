import { CAROUSEL } from '@rv/contracts/constants';
import { PRESS } from '@rv/contracts/press';
import type { SiteConfig } from '@rv/contracts/api/site';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { advanceChoices } from '@/lib/press/press-rules';

type Sample = SiteConfig['samples'][number];

/**
 * The before/after carousel of the sample rooms: it advances every 4 seconds; choosing a thumbnail shows
 * that room and holds it for 8 seconds before the rotation resumes. Every room is in the HTML and the
 * thumbnails are radio inputs: the stylesheet shows the room whose radio is checked (index.css), so a
 * thumbnail answers its first press from the first paint on, before any script (ADR 038), and the rotation
 * is the press rules' (`PRESS.advance`, lib/press/press-rules.ts): the page's inline keeper starts it on the
 * HTML, so the landing turns without React (ADR 068); here it is started on what React draws, and the
 * state follows the radios. The rooms not shown load their photos only when shown (`loading="lazy"` in a
 * hidden slide); the first room's 'before' photo is the page's largest paint on a phone, fetched first
 * (`fetchpriority="high"`, preloaded by the HTML) and never waiting on a script.
 */
export function BeforeAfterCarousel({ samples }: { samples: Sample[] }) {
  const [active, setActive] = useState(0);
  const count = samples.length;
  const carousel = useRef<HTMLElement>(null);

  // A room chosen before React ran the page (or by the rotation) is checked in the HTML: the state takes it over.
  useLayoutEffect(() => {
    const checked = carousel.current?.querySelector<HTMLInputElement>('input:checked');
    setActive(checked ? Number(checked.value) : 0);
  }, []);
  useEffect(() => (carousel.current ? advanceChoices(carousel.current) : undefined), []);

  if (count === 0) return null;

  return (
    <section
      ref={carousel}
      data-carousel
      {...{ [PRESS.advance]: `${CAROUSEL.intervalMs} ${CAROUSEL.pauseAfterClickMs}` }}
      aria-roledescription="carousel"
      aria-label="Before and after sample rooms"
      className="mx-auto max-w-5xl"
    >
      <div aria-live="polite" data-testid="carousel-slide">
        {samples.map((sample, index) => (
          <div key={sample.id} data-slide={index} aria-hidden={index === active ? undefined : true}>
            <div className="grid gap-3 sm:grid-cols-2">
              {(['before', 'after'] as const).map((side) => (
                <figure key={side} className="relative overflow-hidden rounded-xl bg-slate-100 shadow-md">
                  <img
                    src={sample[side]}
                    alt={side === 'before' ? `${sample.room} before the redesign` : sample.alt}
                    width={1200}
                    height={800}
                    className="aspect-[3/2] w-full object-cover"
                    // The first room's 'before' photo is the page's largest paint on a phone (the 'after' one is
                    // below it): first in line, alone; the 'after' one is asked for once the page is laid out, so
                    // that the two do not share a slow link. The other rooms' photos wait until their room is shown.
                    {...(index === 0 && side === 'before'
                      ? { fetchPriority: 'high' as const }
                      : { loading: 'lazy' as const, decoding: 'async' as const })}
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
            <p className="mt-3 text-center font-semibold text-slate-800">{sample.room}</p>
          </div>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap justify-center gap-2" role="radiogroup" aria-label="Choose a sample room">
        {samples.map((sample, index) => (
          <label
            key={sample.id}
            className={cn(
              'relative cursor-pointer overflow-hidden rounded-lg border-2 border-transparent opacity-80 transition hover:opacity-100',
              'has-checked:border-brand-700 has-checked:opacity-100 has-checked:ring-2 has-checked:ring-brand-200',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
            )}
          >
            <input
              type="radio"
              name="sample-room"
              value={index}
              checked={index === active}
              onChange={() => setActive(index)}
              aria-label={`Show sample ${index + 1}: ${sample.room}`}
              className="absolute inset-0 size-full cursor-pointer appearance-none"
            />
            <img src={sample.thumb} alt="" width={96} height={64} loading="lazy" decoding="async" className="h-16 w-24 object-cover" />
          </label>
        ))}
      </div>
    </section>
  );
}
