import { useCallback, useMemo, useState } from 'react';
import { SaveImageDialog } from '../../images/components/save-image-dialog';
import type { ShopSlot } from '../../images/lib/design-items';
import { useDesigns } from '../api/get-designs';
import type { DesignTile } from '../lib/design-tiles';
import { AutoSavedDesignsDialog } from './auto-saved-designs-dialog';
import { DeleteDesignDialog } from './delete-design-dialog';
import { LeftDesignNotice } from './left-design-notice';
import { MyDesigns } from './my-designs';
import { ZoomPreviewDialog } from './zoom-preview-dialog';

/**
 * The account page's designs: the saved page shown and the auto-saved list, read once here so that the
 * page can hold its loading screen until they are in (and tell a lost session from a slow one).
 */
export function useMyDesigns() {
  const [page, setPage] = useState(1);
  const saved = useDesigns(page, 'saved');
  const autoSaved = useDesigns(1, 'all');
  return {
    saved,
    setPage,
    pending: saved.isPending || autoSaved.isPending,
    // Designs that fail to load, with no auto-saved designs either, mean the session is gone (docs/product-rules.md#account-page).
    sessionGone: saved.isError && !saved.data && (autoSaved.isError || autoSaved.data?.designs.length === 0),
  };
}

/** My Designs with the dialogs its tiles open (preview, delete, the auto-saved list and its Save; each tile has its share dialog). */
export function MyDesignsSection({ designs, shop }: { designs: ReturnType<typeof useMyDesigns>; shop?: ShopSlot }) {
  const [autoSavedOpen, setAutoSavedOpen] = useState(false);
  const [preview, setPreview] = useState<DesignTile | null>(null);
  const [deleting, setDeleting] = useState<DesignTile | null>(null);
  const [saving, setSaving] = useState<DesignTile | null>(null);
  // Stable, so that opening a dialog does not draw the grid again (MyDesigns is memoised): a press answers sooner.
  const tileActions = useMemo(() => ({ onPreview: setPreview, onDelete: setDeleting }), []);
  const openAutoSaved = useCallback(() => setAutoSavedOpen(true), []);
  return (
    <>
      {/* A design being made when its person left, or made since (ADR 054). */}
      <LeftDesignNotice />
      <MyDesigns designs={designs.saved} onPage={designs.setPage} onOpenAutoSaved={openAutoSaved} actions={tileActions} />
      <AutoSavedDesignsDialog open={autoSavedOpen} onOpenChange={setAutoSavedOpen} onSave={setSaving} onPreview={setPreview} />
      <SaveImageDialog
        designId={saving?.design.id ?? ''}
        image={saving?.image ?? null}
        thumbUrl={saving?.thumbUrl}
        defaultRoomType={saving?.design.tool === 'kitchen-bathroom' ? 'kitchen' : 'living-room'}
        onClose={() => setSaving(null)}
      />
      <DeleteDesignDialog tile={deleting} onClose={() => setDeleting(null)} />
      <ZoomPreviewDialog tile={preview} onClose={() => setPreview(null)} shop={shop} />
    </>
  );
}
