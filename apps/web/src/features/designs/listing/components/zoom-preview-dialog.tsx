import { messages } from '@rv/contracts/messages';
import { Brush, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { MaskBrush } from '@/features/designs/tasks/components/mask-brush';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/dialog';
import { designItems, type ShopSlot } from '@/features/designs/images/lib/design-items';
import { useToolAccess } from '@/lib/tool-access';
import type { MaskStroke } from '@/features/designs/tasks/lib/mask-strokes';
import { handOverPainting } from '@/features/designs/tasks/lib/painting-handover';
import type { DesignTile } from '../lib/design-tiles';

/**
 * The full-screen zoom preview: the full image (only loaded here, never in the grid), and its items to
 * shop for. 'Change only here' paints on it; 'Refine this area' hands the painting over to the design's
 * results page (tasks/lib/painting-handover.ts), where the refinement runs and shows its progress.
 */
export function ZoomPreviewDialog({ tile, onClose, shop }: { tile: DesignTile | null; onClose: () => void; shop?: ShopSlot }) {
  const navigate = useNavigate();
  const titleId = useId();
  const [strokes, setStrokes] = useState<MaskStroke[] | null>(null);
  // A lapsed subscriber keeps their designs but cannot refine them: no painting that could not be used.
  const canRefine = useToolAccess(Boolean(tile)) === true;
  const close = () => {
    setStrokes(null);
    onClose();
  };
  const refineArea = () => {
    if (!tile?.uniqueUrl || !strokes?.length) return;
    handOverPainting(tile.design.id, { imageId: tile.image.id, strokes });
    void navigate(tile.uniqueUrl);
  };
  if (!tile) return null;
  return (
    <ModalDialog
      onDismiss={close}
      aria-labelledby={titleId}
      className="m-0 flex h-full max-h-none w-full max-w-none flex-col items-center justify-center gap-3 rounded-none bg-transparent p-4 shadow-none backdrop:bg-slate-950/90 sm:p-8"
    >
      <h2 id={titleId} className="text-center text-lg font-semibold text-white">
        {tile.name}
      </h2>
      {strokes ? (
        <div className="max-h-[calc(100vh-6rem)] w-full max-w-3xl overflow-y-auto rounded-2xl bg-white p-3 sm:p-4">
          <MaskBrush
            src={tile.url}
            alt={`${tile.name}: paint the part to change`}
            width={tile.image.width}
            height={tile.image.height}
            strokes={strokes}
            onStrokesChange={setStrokes}
            onDone={() => setStrokes(null)}
          />
          <Button className="mt-3" disabled={!strokes.length} onClick={refineArea}>
            {messages.refineMask.refineThisArea}
          </Button>
        </div>
      ) : (
        <>
          <img
            src={tile.url}
            alt={`${tile.name}, full size`}
            className="max-h-[calc(100vh-11rem)] max-w-full rounded-lg object-contain shadow-2xl"
          />
          <div className="flex flex-wrap justify-center gap-2">
            {tile.uniqueUrl && canRefine && (
              <Button size="sm" variant="secondary" onClick={() => setStrokes([])}>
                <Brush className="size-4" aria-hidden /> {messages.refineMask.changeOnlyHere}
              </Button>
            )}
            {shop?.(designItems([tile.image]))}
          </div>
        </>
      )}
      <button
        type="button"
        onClick={close}
        className="absolute top-4 right-4 rounded-full bg-white/10 p-2 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
        aria-label="Close preview"
      >
        <X className="size-6" aria-hidden />
      </button>
    </ModalDialog>
  );
}
