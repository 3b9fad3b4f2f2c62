import { Quote } from 'lucide-react';

const promises = [
  { title: 'Photorealistic results', body: 'Redesigns that look like photographs of your own room, not illustrations.' },
  { title: 'Your real architecture kept', body: 'Walls, windows, doors, ceiling and camera angle stay where they are.' },
  { title: 'No prompting needed', body: 'Upload a photo, pick what you like, and our expert prompts do the rest.' },
];

/**
 * The testimonials block: the operator's embed when configured (TESTIMONIALS_EMBED_URL), else a clean
 * quote block with the product's promises (we do not invent customer quotes).
 */
export function Testimonials({ embedUrl }: { embedUrl: string | null }) {
  return (
    <section aria-labelledby="testimonials-title" className="bg-brand-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="testimonials-title" className="text-center text-3xl font-extrabold">
          What people love about it
        </h2>
        {embedUrl ? (
          <iframe title="Customer testimonials" src={embedUrl} loading="lazy" className="mt-8 h-96 w-full rounded-xl border-0 bg-white" />
        ) : (
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {promises.map((p) => (
              <blockquote key={p.title} className="rounded-xl bg-white p-6 shadow-sm">
                <Quote className="size-6 text-brand-600" aria-hidden />
                <p className="mt-3 text-lg font-bold">{p.title}</p>
                <p className="mt-2 text-slate-700">{p.body}</p>
              </blockquote>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
