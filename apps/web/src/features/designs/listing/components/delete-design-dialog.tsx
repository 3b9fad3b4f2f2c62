import { messages } from '@rv/contracts/messages';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useDeleteDesignImage } from '@/features/designs/images/api/delete-design-image';
import type { DesignTile } from '../lib/design-tiles';

/** Delete Design: one image, or the whole design when it has only that one (docs/product-rules.md#account-page). */
export function DeleteDesignDialog({ tile, onClose }: { tile: DesignTile | null; onClose: () => void }) {
  const remove = useDeleteDesignImage();
  const whole = tile ? tile.design.images.length <= 1 : false;
  const confirm = () => {
    if (!tile?.image) return;
    remove.mutate(
      { designId: tile.design.id, imageId: tile.image.id },
      {
        onSuccess: (answer) => {
          toast.success(answer.deleted === 'design' ? 'Design deleted' : 'Image deleted');
          onClose();
        },
        onError: () => toast.error(messages.account.deleteDesignFailed),
      },
    );
  };
  return (
    <Dialog open={Boolean(tile)} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      {tile && (
        <DialogContent
          title="Delete Design"
          description={
            whole
              ? `Delete “${tile.name}”? It is the design’s only image, so the whole design and its original photo are removed. This cannot be undone.`
              : `Delete this image of “${tile.name}”? The design’s other images stay. This cannot be undone.`
          }
        >
          <div className="flex items-center gap-4">
            <img src={tile.thumbUrl} alt="" className="h-20 w-28 rounded-lg object-cover" />
            <div className="ml-auto flex gap-3">
              <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
