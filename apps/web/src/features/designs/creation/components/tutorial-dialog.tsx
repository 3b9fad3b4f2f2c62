import { PlayCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { dialogCommand, NativeDialog } from '@/components/ui/native-dialog';
import { getSiteConfig } from '@/lib/site-config';
import { PhotoTipList } from './photo-guide';

const DIALOG_ID = 'tutorial-dialog';

/**
 * 'Tutorial': the configured video, or (none configured) an example photo with the tips. A native <dialog>
 * the platform opens, so a press at first paint is answered before any script (ADR 038); the video and
 * the photo load only when it opens (lazy, in a closed dialog).
 */
export function TutorialDialog() {
  const site = getSiteConfig();
  const example = site.samples[0];
  return (
    <>
      <Button type="button" variant="secondary" size="sm" {...dialogCommand(DIALOG_ID, 'show-modal')}>
        <PlayCircle className="size-4" aria-hidden /> Tutorial
      </Button>
      <NativeDialog id={DIALOG_ID} title="Tutorial: photographing your room" className="max-w-2xl">
        {site.tutorialVideoUrl ? (
          <iframe
            title="Tutorial video: photographing your room"
            src={site.tutorialVideoUrl}
            loading="lazy"
            allow="accelerometer; encrypted-media; picture-in-picture; fullscreen"
            className="aspect-video w-full rounded-xl border-0 bg-slate-900"
          />
        ) : (
          <figure>
            <img
              src={example?.before ?? '/samples/og-image.webp'}
              alt={`Example of a straight-on photo of a ${example?.room.toLowerCase() ?? 'room'}`}
              loading="lazy"
              className="aspect-video w-full rounded-xl bg-slate-100 object-cover"
            />
            <figcaption className="mt-2 text-sm text-slate-700">
              A good room photo: straight on, bright, and showing the whole room.
            </figcaption>
          </figure>
        )}
        <h3 className="mt-5 text-lg font-bold">Five tips for a great result</h3>
        <div className="mt-2">
          <PhotoTipList />
        </div>
      </NativeDialog>
    </>
  );
}
