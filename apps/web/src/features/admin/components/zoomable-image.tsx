import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';

/** A thumbnail that opens the full image in a dialog. */
export function ZoomableImage({ src, thumbSrc, alt }: { src: string; thumbSrc?: string; alt: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          aria-label={`Enlarge ${alt}`}
          className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <img src={thumbSrc ?? src} alt={alt} loading="lazy" className="h-24 w-32 object-cover transition-transform hover:scale-105" />
        </button>
      </DialogTrigger>
      <DialogContent title={alt} className="max-w-4xl">
        <img src={src} alt={alt} className="h-auto w-full rounded-lg bg-slate-100" />
      </DialogContent>
    </Dialog>
  );
}
