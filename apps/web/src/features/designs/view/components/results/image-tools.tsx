import type { ViewImage } from '@rv/contracts/api/design-view';
import { messages } from '@rv/contracts/messages';
import { PRESS } from '@rv/contracts/press';
import { Brush, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { dialogCommand } from '@/components/ui/native-dialog';
import { imageDownloadUrl } from '@/features/designs/images/api/image-download-url';
import { DownloadLinks } from '@/features/designs/images/components/download-links';
import { MaskBrush } from '@/features/designs/tasks/components/mask-brush';
import type { BrushState, MaskStroke } from '@/features/designs/tasks/lib/mask-strokes';
import { PAGE_SHARE_DIALOG_ID } from '../../hooks/use-results-page';

/** What a results slider shows with each image: its buttons under it, and the brush over it while it is painted on. */
export interface ImageTools {
  actions: (image: ViewImage) => ReactNode;
  overlay: (image: ViewImage) => ReactNode;
}

/** The id of one result's brush panel, which its 'Change only here' opens and closes. */
export const brushPanelId = (imageId: string) => `brush-${imageId}`;

/**
 * The buttons under one result: 'Change only here' (a disclosure of the brush panel, so that it opens at a
 * press before React runs: lib/press/early-press.ts), Save Design, Share (the page's one share dialog, offering
 * this image's download) and Download, each naming the image by its id.
 */
export function ImageActions({
  designId,
  image,
  readOnly,
  paintable,
  painting,
  onPaint,
  onSave,
  onShare,
}: {
  designId: string;
  image: ViewImage;
  readOnly: boolean;
  /** A refinement could be sent from a painting on this image. */
  paintable: boolean;
  /** The brush is open on this image. */
  painting: boolean;
  /** Opens the brush on this image, or closes it. */
  onPaint: () => void;
  onSave: () => void;
  /** Its Share was pressed (the dialog opens by the platform's command, before React runs too). */
  onShare: () => void;
}) {
  const share = dialogCommand(PAGE_SHARE_DIALOG_ID, 'show-modal');
  return (
    <div className="flex flex-wrap gap-2">
      {paintable && (
        <Button size="sm" variant="secondary" onClick={onPaint} aria-expanded={painting} aria-controls={brushPanelId(image.id)}>
          <Brush className="size-4" aria-hidden /> {messages.refineMask.changeOnlyHere}
        </Button>
      )}
      {!readOnly && (
        <Button size="sm" disabled={image.saved} onClick={onSave}>
          {image.saved ? 'Saved' : 'Save Design'}
        </Button>
      )}
      <Button
        size="sm"
        variant="secondary"
        {...share}
        {...{ [PRESS.dialogHref]: imageDownloadUrl(designId, image.id) }}
        onClick={() => {
          onShare();
          share.onClick();
        }}
      >
        <Share2 className="size-4" aria-hidden /> Share
      </Button>
      <DownloadLinks designId={designId} imageId={image.id} />
    </div>
  );
}

/** No strokes: the brush of an image not painted on (one array, so that its canvas is not drawn again at each render). */
const NO_STROKES: MaskStroke[] = [];

/**
 * The brush of an image that can be painted on, in place of its photo while it is open (ImageSlider's
 * overlay): always in the page, hidden while closed. Its strokes live with the page, which makes the mask
 * from them.
 */
export function BrushPanel({
  image,
  brush,
  onBrushChange,
}: {
  image: ViewImage;
  /** The image being painted on and its strokes, when any. */
  brush: BrushState | null;
  onBrushChange: (brush: BrushState | null) => void;
}) {
  const painting = brush?.imageId === image.id;
  return (
    <div id={brushPanelId(image.id)} data-in-place-of-photo hidden={!painting}>
      <MaskBrush
        src={image.url}
        alt={`${image.name ?? 'Design'}: paint the part to change`}
        width={image.width}
        height={image.height}
        strokes={painting ? brush.strokes : NO_STROKES}
        onStrokesChange={(strokes) => onBrushChange({ imageId: image.id, strokes })}
        onDone={() => onBrushChange(null)}
      />
    </div>
  );
}
