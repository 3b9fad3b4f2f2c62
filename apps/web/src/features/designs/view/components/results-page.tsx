import { ORIGINAL_PHOTO_ID, type ViewImage } from '@rv/contracts/api/design-view';
import { ORIGINAL_PHOTO_SIZES } from '@rv/contracts/images';
import { messages } from '@rv/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Brush, Download, Loader2, Share2, Wrench } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { SaveImageDialog } from '@/features/designs/images/components/save-image-dialog';
import { readSaveDraft } from '@/features/designs/images/lib/save-draft';
import { ShareDesignDialog } from '@/features/designs/sharing/components/share-design-dialog';
import { MaskBrush } from '@/features/designs/tasks/components/mask-brush';
import { maskPng, type BrushState, type PaintedArea } from '@/features/designs/tasks/lib/mask-strokes';
import { designItems, type ShopSlot } from '@/features/designs/images/lib/design-items';
import { imageDownloadUrl } from '@/features/designs/images/api/image-download-url';
import { setDesignPublic } from '@/features/designs/sharing/api/set-design-public';
import { responsiveImage } from '@/lib/responsive-image';
import { getSiteConfig } from '@/lib/site-config';
import { useToolAccess } from '@/lib/tool-access';
import { claimResults, designViewKey, useDesignView, type DesignViewAnswer } from '../api/get-design-view';
import { shareRoom } from '../../sharing/api/share-room';
import { fixRoom } from '../../tasks/api/refinements';
import { DesignAnalysis } from './design-analysis';
import { FeedbackPanel } from './feedback-panel';
import { ImageSlider } from './image-slider';
import { RefinePanel } from '../../tasks/components/refine-panel';

/**
 * The results page, in the spec's order; read-only for a viewer who may not change the design. It reads
 * the design view (ADR 025): every action on an image names the image by its id.
 */
export function ResultsPage({ shop }: { shop?: ShopSlot }) {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answer = useDesignView(id);
  // Asked only of the owner's view: a visitor's page offers no paid tool.
  const toolAccess = useToolAccess(answer.data?.editable === true);
  const claimed = useRef(false);
  const from = (location.state as { from?: string } | null)?.from;
  const [refining, setRefining] = useState(false);
  const [fixing, setFixing] = useState(false);
  const [saving, setSaving] = useState<ViewImage | null>(null);
  const [sharing, setSharing] = useState<ViewImage | null>(null);
  const [pageShareOpen, setPageShareOpen] = useState(false);
  const [gallery, setGallery] = useState<'idle' | 'sending' | 'shared'>('idle');
  // 'Change only here': the image being painted on and its strokes (My Designs' preview can hand a painting over).
  const [brush, setBrush] = useState<BrushState | null>(() => (location.state as { brush?: BrushState } | null)?.brush ?? null);
  // The result the generated slider shows after Fix Room (its new image), so that the view and its counter agree.
  const [fixedShown, setFixedShown] = useState<string | null>(null);

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

  // Back from signing in again with a save that the ended session refused: its dialog opens again, filled
  // in (images/lib/save-draft.ts), until it is closed or saved.
  const [draftShown, setDraftShown] = useState(true);

  // A result whose architecture drifted opens the Fix Room expander by itself (until the user closes it).
  const flagged = answer.data?.design.images.some((image) => image.flagged) ?? false;
  const [fixToggled, setFixToggled] = useState<boolean | null>(null);
  const fixOpen = fixToggled ?? flagged;

  if (answer.isPending) {
    return (
      // A screen tall, so the footer does not jump down when the design arrives (layout shift).
      <div className="flex min-h-screen justify-center py-24" role="status">
        <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
        <span className="sr-only">Loading your design...</span>
      </div>
    );
  }
  if (answer.isError || !answer.data) {
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-extrabold">Design not found</h1>
        <p className="mt-2 text-slate-700">{errorMessage(answer.error, 'This design is private or no longer exists.')}</p>
        <Button asChild className="mt-6">
          <Link to={paths.home}>Back to Home</Link>
        </Button>
      </div>
    );
  }
  const { design, editable, noSession } = answer.data;
  const readOnly = !editable;
  // A former subscriber keeps their designs but not the paid tools (the server refuses them too).
  const lapsed = editable && toolAccess === false;
  const canRefine = editable && !lapsed && design.status === 'done';
  const setAnswer = (next: DesignViewAnswer) => queryClient.setQueryData(designViewKey(id), next);
  const refresh = () => queryClient.invalidateQueries({ queryKey: designViewKey(id) });
  const refinedImages = design.images.filter((image) => image.kind === 'refined');
  const generatedImages = design.images.filter((image) => image.kind !== 'refined');
  const newestRefined = refinedImages[0];
  const isKitchen = design.tool === 'kitchen-bathroom';
  const items = designItems(design.images);
  const isPublic = design.isPublic;
  const pageLink = typeof window === 'undefined' ? location.pathname : `${window.location.origin}${location.pathname}`;

  const imageById = (imageId: string) => design.images.find((image) => image.id === imageId);
  const draftImageId = draftShown && editable ? readSaveDraft(id)?.imageId : undefined;
  const draftImage = draftImageId ? imageById(draftImageId) : undefined;
  const savingImage = saving ?? (draftImage && !draftImage.saved ? draftImage : null);
  // 'Change only here' is offered only where a refinement can be sent: the latest refined version once
  // there is one (the first design's Refine is then disabled, spec), else the generated results.
  const paintable = (image: ViewImage) =>
    canRefine && (newestRefined ? image.id === newestRefined.id : image.kind !== 'refined');
  const painting = brush && brush.strokes.length > 0 ? imageById(brush.imageId) : undefined;
  const painted: PaintedArea | null =
    brush && painting && paintable(painting) ? { imageId: painting.id, mask: () => maskPng(brush.strokes, painting.width, painting.height) } : null;
  const brushOver = (image: ViewImage) =>
    brush?.imageId === image.id && paintable(image) ? (
      <MaskBrush
        src={image.url}
        alt={`${image.name ?? 'Design'}: paint the part to change`}
        width={image.width}
        height={image.height}
        strokes={brush.strokes}
        onStrokesChange={(strokes) => setBrush({ imageId: image.id, strokes })}
        onDone={() => setBrush(null)}
      />
    ) : null;
  const refined = () => {
    setBrush(null);
    return refresh();
  };

  const imageActions = (image: ViewImage) => (
    <div className="flex flex-wrap gap-2">
      {paintable(image) && brush?.imageId !== image.id && (
        <Button size="sm" variant="secondary" onClick={() => setBrush({ imageId: image.id, strokes: [] })}>
          <Brush className="size-4" aria-hidden /> {messages.refineMask.changeOnlyHere}
        </Button>
      )}
      {!readOnly && (
        <Button size="sm" disabled={image.saved} onClick={() => setSaving(image)}>
          {image.saved ? 'Saved' : 'Save Design'}
        </Button>
      )}
      <Button size="sm" variant="secondary" onClick={() => setSharing(image)}>
        <Share2 className="size-4" aria-hidden /> Share
      </Button>
      <Button asChild size="sm" variant="secondary">
        <a href={imageDownloadUrl(design.id, image.id)} download>
          <Download className="size-4" aria-hidden /> Download
        </a>
      </Button>
    </div>
  );

  const makePublic = async (next: boolean) => {
    const changed = await setDesignPublic(design.id, next);
    setAnswer({ ...answer.data, design: { ...design, isPublic: changed.isPublic } });
  };
  const togglePublic = async () => {
    const next = !isPublic;
    try {
      await makePublic(next);
      if (next) setPageShareOpen(true);
    } catch (error) {
      toast.error(messages.account.updateDesignFailed, { description: errorMessage(error, '') || undefined });
    }
  };

  const runFix = async () => {
    setFixing(true);
    const before = new Set(design.images.map((image) => image.id));
    try {
      await fixRoom(design.id);
      await refresh();
      // The view moves to the Fix Room result (added after the others), not only the counter.
      const after = queryClient.getQueryData<DesignViewAnswer>(designViewKey(id));
      const added = after?.design.images.find((image) => image.kind === 'fixed' && !before.has(image.id));
      if (added) setFixedShown(added.id);
      toast.success('New designs with your room’s architecture were added.');
    } catch {
      toast.error(messages.tools.fixRoomFailed);
    } finally {
      setFixing(false);
    }
  };

  const shareWithGallery = async () => {
    setGallery('sending');
    try {
      await shareRoom(design.id);
      toast.success(messages.tools.roomShared);
      setGallery('shared');
    } catch {
      toast.error(messages.tools.shareRoomFailed);
      setGallery('idle');
    }
  };

  return (
    <div>
      <div className="sticky top-16 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        {/* Under 320 CSS px (a phone at 200% zoom) the switch and the account link take two lines rather than scroll sideways. */}
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-3 py-2 max-[319px]:flex-wrap sm:px-4">
          <button
            type="button"
            role="switch"
            aria-checked={isPublic}
            disabled={readOnly}
            onClick={togglePublic}
            className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap disabled:opacity-60"
          >
            <span className={`inline-block h-4 w-7 rounded-full ${isPublic ? 'bg-green-600' : 'bg-slate-400'}`} aria-hidden />
            {isPublic ? 'Share View' : 'Private View'}
          </button>
          {noSession ? (
            <Button asChild size="sm" variant="secondary">
              <Link to={paths.login}>Log In</Link>
            </Button>
          ) : (
            <Button asChild size="sm" variant="secondary">
              <Link to={paths.account}>My Account</Link>
            </Button>
          )}
        </div>
      </div>

      <div className="mx-auto max-w-5xl space-y-10 px-4 py-8">
        <h1 className="text-3xl font-extrabold">
          {readOnly
            ? isKitchen
              ? 'A kitchen & bathroom design'
              : 'A room makeover'
            : isKitchen
              ? 'Your kitchen & bathroom design'
              : 'Your room makeover'}
        </h1>
        {design.status === 'failed' && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
            {design.error}
          </p>
        )}
        {(design.status === 'queued' || design.status === 'running') && (
          <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-800">
            Your design is still being created. It usually takes about 1-2 minutes; reload this page to see it.
          </p>
        )}

        <section aria-labelledby="original-title" className="space-y-3">
          <h2 id="original-title" className="text-2xl font-extrabold">
            Original photo
          </h2>
          <img
            {...responsiveImage(design.original, ORIGINAL_PHOTO_SIZES)}
            alt="The original room"
            fetchPriority="high"
            className="h-auto w-full max-w-2xl rounded-2xl shadow-sm"
          />
          <Button asChild variant="secondary" size="sm">
            <a href={imageDownloadUrl(design.id, ORIGINAL_PHOTO_ID)} download>
              <Download className="size-4" aria-hidden /> Download
            </a>
          </Button>
        </section>

        {generatedImages.length > 0 && (
          <section aria-labelledby="generated-title" className="space-y-3">
            <h2 id="generated-title" className="text-2xl font-extrabold">
              AI-Generated Design
            </h2>
            <ImageSlider
              // After Fix Room the slider starts again on its new result.
              key={fixedShown ?? 'generated'}
              images={generatedImages}
              label="AI-generated design"
              compareWith={design.original}
              actions={imageActions}
              overlay={brushOver}
              startAt={fixedShown ?? brush?.imageId}
            />
          </section>
        )}

        {lapsed && design.status === 'done' && (
          <p role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
            {messages.billing.noToolAccess}{' '}
            <Link className="font-semibold underline" to={paths.pricing}>
              See the plan
            </Link>
          </p>
        )}

        {canRefine && (
          <details
            open={fixOpen}
            onToggle={(e) => setFixToggled((e.target as HTMLDetailsElement).open)}
            className="rounded-2xl border border-slate-200 p-6"
          >
            <summary className="cursor-pointer text-lg font-bold">Room architecture doesn&apos;t match your original?</summary>
            <p className="mt-3 text-slate-700">
              Fix Room puts your walls, windows, doors and ceiling back where they are in your photo. It takes up to a minute.
            </p>
            <Button
              className="mt-4"
              onClick={runFix}
              disabled={fixing || refining || newestRefined !== undefined}
              aria-describedby={newestRefined ? 'fix-refined-hint' : undefined}
            >
              {fixing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Wrench className="size-4" aria-hidden />}{' '}
              {fixing ? 'Fixing your room...' : 'Fix Room'}
            </Button>
            {newestRefined && <LatestVersionHint id="fix-refined-hint" />}
          </details>
        )}

        {canRefine && (
          <RefinePanel
            designId={design.id}
            heading="Want something different? Refine your design"
            disabled={refining || fixing || newestRefined !== undefined}
            disabledHint={newestRefined ? messages.tools.refineLatestVersion : undefined}
            baseImageId={generatedImages[0]?.id}
            onRunningChange={setRefining}
            onRefined={refined}
            painted={painted}
          />
        )}

        {newestRefined && (
          <section aria-labelledby="refined-title" className="space-y-3">
            <h2 id="refined-title" className="text-2xl font-extrabold">
              Refined Design
            </h2>
            <ImageSlider
              // A new refinement is shown first.
              key={newestRefined.id}
              images={refinedImages}
              label="Refined"
              labelFor={(image) => `Refined #${image.refinement ?? ''}`}
              compareWith={design.original}
              actions={imageActions}
              overlay={brushOver}
              startAt={brush?.imageId}
            />
            {canRefine && (
              <RefinePanel
                designId={design.id}
                heading="Want something different Again?"
                disabled={refining || fixing}
                baseImageId={newestRefined.id}
                onRunningChange={setRefining}
                onRefined={refined}
                painted={painted}
              />
            )}
          </section>
        )}

        {(design.analysisHtml || items.length > 0) && <DesignAnalysis html={design.analysisHtml} items={items} />}
        {!readOnly && <FeedbackPanel designId={design.id} />}

        <div className="flex flex-wrap items-center justify-center gap-3">
          {shop?.(items)}
          <Button asChild size="lg" variant="secondary">
            <Link to={isKitchen ? paths.kitchenBathroom : paths.furnishing}>Try Another Room</Link>
          </Button>
          {!readOnly && (
            <Button size="lg" variant="secondary" onClick={shareWithGallery} disabled={gallery !== 'idle'}>
              {gallery === 'shared' ? 'Shared!' : gallery === 'sending' ? 'Sharing...' : 'Share your room with us!'}
            </Button>
          )}
        </div>
        <p className="text-center text-sm text-slate-700">
          Missing a feature?{' '}
          <a href={getSiteConfig().featureRequestUrl} className="font-semibold text-brand-700 hover:underline">
            Request it on our feature board
          </a>
        </p>
      </div>

      <SaveImageDialog
        designId={design.id}
        image={savingImage}
        defaultRoomType={isKitchen ? 'kitchen' : 'living-room'}
        onClose={() => {
          setSaving(null);
          setDraftShown(false);
        }}
        onSaved={() => void refresh()}
      />
      <ShareDesignDialog
        open={sharing !== null}
        onClose={() => setSharing(null)}
        title="Share this design"
        link={pageLink}
        text="My room redesign with Room Visualizer"
        networks={['Twitter', 'Facebook']}
        isPublic={isPublic}
        onMakePublic={readOnly ? undefined : () => makePublic(true)}
        downloadUrl={sharing ? imageDownloadUrl(design.id, sharing.id) : undefined}
      />
      <ShareDesignDialog
        open={pageShareOpen}
        onClose={() => setPageShareOpen(false)}
        title="Share your design"
        link={pageLink}
        text="My room redesign with Room Visualizer"
        networks={['Twitter', 'Facebook', 'WhatsApp']}
        isPublic={isPublic}
        onMakePublic={readOnly ? undefined : () => makePublic(true)}
      />
    </div>
  );
}

/** Why the first design's Fix Room and Refine are disabled once it has been refined, and what to do instead. */
function LatestVersionHint({ id }: { id: string }) {
  return (
    <p id={id} className="mt-2 text-sm text-slate-700">
      {messages.tools.refineLatestVersion}{' '}
      <a href="#refined-title" className="font-semibold text-brand-700 hover:underline">
        Go to the latest version
      </a>
    </p>
  );
}
