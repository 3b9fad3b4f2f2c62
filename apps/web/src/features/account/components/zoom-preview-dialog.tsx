import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { designItems, type ShopSlot } from '@/lib/designs/design-items';
import type { DesignTile } from '../lib/design-tiles';

/** The full-screen zoom preview: the full image (only loaded here, never in the grid), and its items to shop for. */
export function ZoomPreviewDialog({ tile, onClose, shop }: { tile: DesignTile | null; onClose: () => void; shop?: ShopSlot }) {
  return (
    <DialogPrimitive.Root open={Boolean(tile)} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/90" />
        {tile && (
          <DialogPrimitive.Content
            className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 sm:p-8"
            aria-describedby={undefined}
          >
            <DialogPrimitive.Title className="text-center text-lg font-semibold text-white">{tile.name}</DialogPrimitive.Title>
            <img
              src={tile.url}
              alt={`${tile.name}, full size`}
              className="max-h-[calc(100vh-11rem)] max-w-full rounded-lg object-contain shadow-2xl"
            />
            {shop?.(designItems([tile.image]))}
            <DialogPrimitive.Close
              className="absolute top-4 right-4 rounded-full bg-white/10 p-2 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
              aria-label="Close preview"
            >
              <X className="size-6" aria-hidden />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        )}
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
