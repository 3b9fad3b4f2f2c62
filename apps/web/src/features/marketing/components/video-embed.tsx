import { PlayCircle } from 'lucide-react';

/** A video from configuration; offline (none configured) a clean poster that says what it would show. */
export function VideoEmbed({ url, title, poster }: { url: string | null; title: string; poster: string }) {
  if (url) {
    return (
      <iframe
        title={title}
        src={url}
        loading="lazy"
        allow="accelerometer; encrypted-media; picture-in-picture; fullscreen"
        className="aspect-video w-full rounded-xl border-0 bg-slate-900"
      />
    );
  }
  return (
    <figure className="relative overflow-hidden rounded-xl bg-slate-900">
      {/* At the top of How it works: the page's largest image, so fetched first rather than lazily. */}
      <img src={poster} alt="" width={1200} height={800} fetchPriority="high" className="aspect-video w-full object-cover opacity-60" />
      <figcaption className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-white">
        <PlayCircle className="size-14" aria-hidden />
        <span className="text-lg font-bold">{title}</span>
        <span className="text-sm">Upload a room photo, add the pieces you love, and get your redesign in about 1-2 minutes.</span>
      </figcaption>
    </figure>
  );
}
