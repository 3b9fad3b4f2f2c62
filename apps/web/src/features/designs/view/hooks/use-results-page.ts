import type { DesignView, RefinedViewImage, ScoredViewImage, ViewImage } from '@rv/contracts/api/design-view';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import { messages } from '@rv/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { runDialogCommand } from '@/components/ui/native-dialog';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useToolAccess } from '@/lib/tool-access';
import { readSaveDraft } from '@/features/designs/images/lib/save-draft';
import { designItems } from '@/features/designs/images/lib/design-items';
import { setDesignPublic } from '@/features/designs/sharing/api/set-design-public';
import { shareRoom } from '@/features/designs/sharing/api/share-room';
import { fixRoom } from '@/features/designs/tasks/api/refinements';
import { maskPng, type BrushState, type PaintedArea } from '@/features/designs/tasks/lib/mask-strokes';
import { forgetPaintingHandedOverTo, paintingHandedOverTo } from '@/features/designs/tasks/lib/painting-handover';
import { claimResults, designViewKey, useDesignView, type DesignViewAnswer } from '../api/get-design-view';

/** Share your room with us: not sent yet, on its way, or sent (the button then stays disabled). */
export type GalleryShare = 'idle' | 'sending' | 'shared';

/** The results page once its design has been read: what its sections show (each section's own state and calls are its hook's, below). */
export interface ResultsPageReady {
  state: 'ready';
  /** The design's id, as in the page's address. */
  id: string;
  answer: DesignViewAnswer;
  design: DesignView;
  /** A viewer who may not change the design sees the page read-only. */
  readOnly: boolean;
  noSession: boolean;
  /** A former subscriber keeps their designs but not the paid tools (the server refuses them too). */
  lapsed: boolean;
  canRefine: boolean;
  isKitchen: boolean;
  generatedImages: ScoredViewImage[];
  /** Newest first. */
  refinedImages: RefinedViewImage[];
  newestRefined: RefinedViewImage | undefined;
  items: ShoppableItem[];
  /** The design is read again. */
  refresh: () => Promise<void>;
}

/**
 * The page's one share dialog (ResultsDialogs draws it): opened by the Share View switch and by each result's
 * Share (issue 51), it asks before making the design public.
 */
export const PAGE_SHARE_DIALOG_ID = 'share-page';

export type ResultsPageModel = { state: 'loading' } | { state: 'missing'; error: unknown } | ResultsPageReady;

/**
 * The results page's read (the design view, ADR 025) and what follows from it, and the credit claimed once
 * on arriving from a tool. What each section does is its own hook's: useRefining (the brush and
 * refinements), useFixRoom, useSharing, useSaving.
 */
export function useResultsPage(): ResultsPageModel {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answer = useDesignView(id);
  // Asked only of the owner's view: a visitor's page offers no paid tool.
  const toolAccess = useToolAccess(answer.data?.editable === true);
  const claimed = useRef(false);
  const from = (location.state as { from?: string } | null)?.from;

  // Arriving from a tool, the credit is claimed once (the server never charges twice).
  useEffect(() => {
    if (claimed.current || !answer.data?.editable) return;
    if (from !== paths.furnishing && from !== paths.kitchenBathroom) return;
    claimed.current = true;
    claimResults(id).catch((error) => {
      if (error instanceof ApiError && error.status === 402) {
        toast.error(messages.tools.creditErrorTitle, { description: error.userMessage });
        void navigate(paths.pricing, { state: { notice: error.userMessage } });
      } else toast.error(messages.tools.processCreditsFailed);
    });
  }, [answer.data, from, id, navigate]);

  if (answer.isPending) return { state: 'loading' };
  if (answer.isError || !answer.data) return { state: 'missing', error: answer.error };
  const data = answer.data;
  const { design, editable, noSession } = data;
  const lapsed = editable && toolAccess === false;
  const refinedImages = design.images.flatMap((image) => (image.kind === 'refined' ? [image] : []));
  return {
    state: 'ready',
    id,
    answer: data,
    design,
    readOnly: !editable,
    noSession,
    lapsed,
    canRefine: editable && !lapsed && design.status === 'done',
    isKitchen: design.tool === 'kitchen-bathroom',
    generatedImages: design.images.flatMap((image) => (image.kind === 'refined' ? [] : [image])),
    refinedImages,
    newestRefined: refinedImages[0],
    items: designItems(design.images),
    refresh: () => queryClient.invalidateQueries({ queryKey: designViewKey(id) }),
  };
}

const imageOf = (page: ResultsPageReady, imageId: string) => page.design.images.find((image) => image.id === imageId);

/** 'Change only here' and the refinements: the image being painted on and its strokes, and whether a refinement runs. */
export function useRefining(page: ResultsPageReady) {
  const { id, canRefine, newestRefined } = page;
  // My Designs' preview can hand a painting over.
  const [brush, setBrush] = useState<BrushState | null>(() => paintingHandedOverTo(id));
  const [refining, setRefining] = useState(false);
  // The painting handed over has been taken: coming back to the page later opens no brush.
  useEffect(() => forgetPaintingHandedOverTo(id), [id]);
  // 'Change only here' is offered only where a refinement can be sent: the latest refined version once
  // there is one (the first design's Refine is then disabled, spec), else the generated results.
  const paintable = (image: ViewImage) => canRefine && (newestRefined ? image.id === newestRefined.id : image.kind !== 'refined');
  const painting = brush && brush.strokes.length > 0 ? imageOf(page, brush.imageId) : undefined;
  return {
    brush,
    setBrush,
    /** Whether a painting on this image could be sent as a refinement. */
    paintable,
    /** The painted area a refinement would send, if the painting is on an image that can be refined. */
    painted:
      brush && painting && paintable(painting)
        ? ({ imageId: painting.id, mask: () => maskPng(brush.strokes, painting.width, painting.height) } satisfies PaintedArea)
        : null,
    /** A refinement completed: the brush closes and the view is read again. */
    refined: () => {
      setBrush(null);
      return page.refresh();
    },
    refining,
    setRefining,
  };
}

/** Fix Room: its expander (open by itself when a result's architecture drifted), the call, and the result it added. */
export function useFixRoom(page: ResultsPageReady) {
  const { id, design } = page;
  const queryClient = useQueryClient();
  const [fixing, setFixing] = useState(false);
  const [toggled, setToggled] = useState<boolean | null>(null);
  /** The Fix Room result the generated slider shows (its new image), so that the view and its counter agree. */
  const [fixedShown, setFixedShown] = useState<string | null>(null);
  return {
    fixing,
    // A result whose architecture drifted opens the expander by itself (until the user closes it).
    open: toggled ?? design.images.some((image) => image.flagged),
    setOpen: setToggled,
    fixedShown,
    run: async () => {
      setFixing(true);
      const before = new Set(design.images.map((image) => image.id));
      try {
        const fixedId = await fixRoom(design.id);
        await page.refresh();
        // The view moves to the Fix Room result (added after the others), not only the counter.
        const after = queryClient.getQueryData<DesignViewAnswer>(designViewKey(id));
        const added = after?.design.images.find((image) => image.id === fixedId && !before.has(image.id));
        if (added) setFixedShown(added.id);
        toast.success('New designs with your room’s architecture were added.');
      } catch {
        toast.error(messages.tools.fixRoomFailed);
      } finally {
        setFixing(false);
      }
    },
  };
}

/** Sharing: the page made public (from the sticky bar or a share dialog), and the room shared with the gallery. */
export function useSharing(page: ResultsPageReady) {
  const { id, design, answer } = page;
  const location = useLocation();
  const queryClient = useQueryClient();
  const [gallery, setGallery] = useState<GalleryShare>('idle');
  // The result whose Share opened the share dialog: its Download Preview (the design shown first until one is pressed).
  const [sharedImageId, setSharedImageId] = useState<string | undefined>(undefined);
  const makePublic = async (next: boolean) => {
    const changed = await setDesignPublic(design.id, next);
    queryClient.setQueryData(designViewKey(id), { ...answer, design: { ...design, isPublic: changed.isPublic } });
  };
  return {
    /** The page's own address, for the share dialogs. */
    pageLink: typeof window === 'undefined' ? location.pathname : `${window.location.origin}${location.pathname}`,
    makePublic,
    sharedImageId,
    /** A result's Share: the share dialog offers that image's download. */
    shareImage: setSharedImageId,
    togglePublic: async () => {
      // Turning Share View on asks first: the page's share dialog says who could see the design, and its
      // 'Make the link public' is the one step that makes it so. Turning it off is at once.
      if (!design.isPublic) {
        runDialogCommand(PAGE_SHARE_DIALOG_ID, 'show-modal');
        return;
      }
      try {
        await makePublic(false);
      } catch (error) {
        toast.error(messages.account.updateDesignFailed, { description: errorMessage(error, '') || undefined });
      }
    },
    gallery,
    shareWithGallery: async () => {
      setGallery('sending');
      try {
        await shareRoom(design.id);
        toast.success(messages.tools.roomShared);
        setGallery('shared');
      } catch {
        toast.error(messages.tools.shareRoomFailed);
        setGallery('idle');
      }
    },
  };
}

/** Save To My Designs: the image its dialog is open for (a draft refused by an ended session opens it again, filled in). */
export function useSaving(page: ResultsPageReady) {
  const [saving, setSaving] = useState<ViewImage | null>(null);
  // Back from signing in again with a save that the ended session refused: its dialog opens again, filled
  // in (images/lib/save-draft.ts), until it is closed or saved.
  const [draftShown, setDraftShown] = useState(true);
  const draftImageId = draftShown && !page.readOnly ? readSaveDraft(page.id)?.imageId : undefined;
  const draftImage = draftImageId ? imageOf(page, draftImageId) : undefined;
  return {
    image: saving ?? (draftImage && !draftImage.saved ? draftImage : null),
    save: setSaving,
    close: () => {
      setSaving(null);
      setDraftShown(false);
    },
  };
}
