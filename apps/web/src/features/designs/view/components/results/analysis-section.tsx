import { PRESS } from '@rv/contracts/press';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ShopSlot } from '@/features/designs/images/lib/design-items';
import { getSiteConfig } from '@/lib/site-config';
import { DesignAnalysis } from '../design-analysis';
import { FeedbackPanel } from '../feedback-panel';
import type { GalleryShare } from '../../hooks/use-results-page';

/**
 * The end of the results page: the design analysis and its items, the feedback panel (owner only), shop,
 * Try Another Room, Share your room with us, and the feature board.
 */
export function AnalysisSection({
  designId,
  analysisHtml,
  items,
  readOnly,
  isKitchen,
  shop,
  gallery,
  onShareWithGallery,
}: {
  designId: string;
  analysisHtml: string | null;
  items: ShoppableItem[];
  readOnly: boolean;
  isKitchen: boolean;
  shop?: ShopSlot;
  gallery: GalleryShare;
  onShareWithGallery: () => void;
}) {
  return (
    <>
      {(analysisHtml || items.length > 0) && <DesignAnalysis html={analysisHtml} items={items} />}
      {!readOnly && <FeedbackPanel designId={designId} />}

      <div className="flex flex-wrap items-center justify-center gap-3">
        {shop?.(items)}
        <Button asChild size="lg" variant="secondary">
          <Link to={isKitchen ? paths.kitchenBathroom : paths.furnishing}>Try Another Room</Link>
        </Button>
        {!readOnly && (
          <Button size="lg" variant="secondary" onClick={onShareWithGallery} disabled={gallery !== 'idle'}>
            {/* Each label is in the page, the others hidden: a press before React runs shows 'Sharing...' at once (lib/press/early-press.ts). */}
            <span hidden={gallery !== 'idle'}>Share your room with us!</span>
            <span hidden={gallery !== 'sending'} {...{ [PRESS.pendingLabel]: true }}>
              Sharing...
            </span>
            <span hidden={gallery !== 'shared'}>Shared!</span>
          </Button>
        )}
      </div>
      <p className="text-center text-sm text-slate-700">
        Missing a feature?{' '}
        <a href={getSiteConfig().featureRequestUrl} className="font-semibold text-brand-700 hover:underline">
          Request it on our feature board
        </a>
      </p>
    </>
  );
}
