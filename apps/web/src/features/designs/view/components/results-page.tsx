import { ORIGINAL_PHOTO_SIZES } from '@rv/contracts/images';
import { messages } from '@rv/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Brush, Download, Loader2, Share2, Wrench } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError, errorMessage, queryKey } from '@/lib/api-client';
import { SaveImageDialog } from '@/features/designs/images/components/save-image-dialog';
import { ShareDesignDialog } from '@/features/designs/sharing/components/share-design-dialog';
import { MaskBrush } from '@/features/designs/tasks/components/mask-brush';
import { designImageAt } from '@/features/designs/images/lib/design-image-at';
import { maskPng, type BrushState, type PaintedArea } from '@/features/designs/tasks/lib/mask-strokes';
import { designItems, type ShopSlot } from '@/features/designs/images/lib/design-items';
import { imageDownloadUrl } from '@/features/designs/images/api/image-download-url';
import { setDesignPublic } from '@/features/designs/sharing/api/set-design-public';
import { responsiveImage } from '@/lib/responsive-image';
import { getSiteConfig } from '@/lib/site-config';
import { useToolAccess } from '@/lib/tool-access';
import { claimResults, useRoomDesign, type RoomDesignView } from '../api/get-room-design';
import { fixRoom, shareRoom } from '../api/results-actions';
import { DesignAnalysis } from './design-analysis';
import { FeedbackPanel } from './feedback-panel';
import { ImageSlider } from './image-slider';
import { RefinePanel } from '../../tasks/components/refine-panel';

/** The original photo: at most max-w-2xl (672 px) inside the page's 1rem padding. */

/** The results page, in the spec's order; read-only for a viewer without a session. */
export function ResultsPage({ shop }: { shop?: ShopSlot }) {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const design = useRoomDesign(id);
  // Asked only of the owner's view: a visitor's page (noSession) offers no paid tool.
  const toolAccess = useToolAccess(design.data?.noSession === false);
  const claimed = useRef(false);
  const from = (location.state as { from?: string } | null)?.from;
  const [refining, setRefining] = useState(false);
  const [fixing, setFixing] = useState(false);
  const [saveIndex, setSaveIndex] = useState<number | null>(null);
  const [shareImage, setShareImage] = useState<string | null>(null);
  const [pageShareOpen, setPageShareOpen] = useState(false);
  const [gallery, setGallery] = useState<'idle' | 'sending' | 'shared'>('idle');
  // 'Change only here': the image being painted on and its strokes (My Designs' preview can hand a painting over).
  const [brush, setBrush] = useState<BrushState | null>(() => (location.state as { brush?: BrushState } | null)?.brush ?? null);

  // Arriving from a tool, the credit is claimed once (the server never charges twice).
  useEffect(() => {
    if (claimed.current || !design.data || design.data.noSession) return;
    if (from !== paths.furnishing && from !== paths.kitchenBathroom) return;
    claimed.current = true;
    claimResults(id).catch((error) => {
      if (error instanceof ApiError && error.status === 402) {
        toast.error(messages.tools.creditErrorTitle, { description: error.userMessage });
        void navigate(paths.pricing, { state: { notice: error.userMessage } });
      } else toast.error(messages.tools.processCreditsFailed);
    });
  }, [design.data, from, id, navigate]);

  // A result whose architecture drifted opens the Fix Room expander by itself (until the user closes it).
  const flagged = design.data?.fidelityFlags.some(Boolean) ?? false;
  const [fixToggled, setFixToggled] = useState<boolean | null>(null);
  const fixOpen = fixToggled ?? flagged;

  if (design.isPending) {
    return (
      // A screen tall, so the footer does not jump down when the design arrives (layout shift).
      <div className="flex min-h-screen justify-center py-24" role="status">
        <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
        <span className="sr-only">Loading your design...</span>
      </div>
    );
  }
  if (design.isError || !design.data) {
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-extrabold">Design not found</h1>
        <p className="mt-2 text-slate-700">{errorMessage(design.error, 'This design is private or no longer exists.')}</p>
        <Button asChild className="mt-6">
          <Link to={paths.home}>Back to Home</Link>
        </Button>
      </div>
    );
  }
  const data = design.data;
  const readOnly = data.noSession;
  // A former subscriber keeps their designs but not the paid tools (the server refuses them too).
  const lapsed = !readOnly && toolAccess === false;
  const canRefine = !readOnly && !lapsed && data.status === 'done';
  const setData = (next: RoomDesignView) => queryClient.setQueryData(queryKey('roomDesign', id), next);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKey('roomDesign', id) });
  const refinedCount = data.refinedImageUrls.length;
  const items = designItems(data.designImages);
  const isPublic = data.makefdDetailUrlPublic || data.makekbDetailUrlPublic;
  const pageLink = typeof window === 'undefined' ? location.pathname : `${window.location.origin}${location.pathname}`;
  // Each result image's own row: its saved state and name go with the image, wherever it sits.
  const saved = (index: number) => designImageAt(data, index)?.saved ?? false;
  const projectName = data.designImages.find((image) => image.saved && image.name)?.name ?? data.projectName;

  const imageOf = (url: string) => data.designImages.find((image) => image.url === url);
  const canPaint = canRefine;
  const painting = brush && imageOf(brush.url) && brush.strokes.length > 0 ? brush : null;
  const painted: PaintedArea | null = painting
    ? {
        url: painting.url,
        mask: () => maskPng(painting.strokes, imageOf(painting.url)!.width, imageOf(painting.url)!.height),
      }
    : null;
  const brushOver = (url: string) => {
    const image = imageOf(url);
    if (!brush || brush.url !== url || !image) return null;
    return (
      <MaskBrush
        src={url}
        alt={`${image.name ?? 'Design'}: paint the part to change`}
        width={image.width}
        height={image.height}
        strokes={brush.strokes}
        onStrokesChange={(strokes) => setBrush({ url, strokes })}
        onDone={() => setBrush(null)}
      />
    );
  };
  const maskOf = (url: string) => imageOf(url)?.maskUrl;
  const refined = () => {
    setBrush(null);
    return refresh();
  };

  const imageActions = (url: string, index: number) => (
    <div className="flex flex-wrap gap-2">
      {canPaint && brush?.url !== url && imageOf(url) && (
        <Button size="sm" variant="secondary" onClick={() => setBrush({ url, strokes: [] })}>
          <Brush className="size-4" aria-hidden /> {messages.refineMask.changeOnlyHere}
        </Button>
      )}
      {!readOnly && (
        <Button size="sm" disabled={saved(index) || !designImageAt(data, index)} onClick={() => setSaveIndex(index)}>
          {saved(index) ? 'Saved' : 'Save Design'}
        </Button>
      )}
      <Button size="sm" variant="secondary" onClick={() => setShareImage(url)}>
        <Share2 className="size-4" aria-hidden /> Share
      </Button>
      <Button asChild size="sm" variant="secondary">
        <a href={imageDownloadUrl(url, designImageAt(data, index)?.name ?? projectName)} download>
          <Download className="size-4" aria-hidden /> Download
        </a>
      </Button>
    </div>
  );

  const makePublic = async (next: boolean) => {
    const answer = await setDesignPublic(data, next, window.location.href);
    // The public toggle answers { design }; the spec's whole-map save answers the record itself.
    setData({ ...('design' in answer ? answer.design : answer), noSession: false });
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
    try {
      await fixRoom(data.id);
      await refresh();
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
      await shareRoom(data.id);
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
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-3 py-2 sm:px-4">
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
          {readOnly ? (
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
        <h1 className="text-3xl font-extrabold">{data.isfdDesign ? 'Your room makeover' : 'Your kitchen & bathroom design'}</h1>
        {data.status === 'failed' && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
            {data.error}
          </p>
        )}
        {(data.status === 'queued' || data.status === 'running') && (
          <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-800">
            Your design is still being created. It usually takes about 1-2 minutes; reload this page to see it.
          </p>
        )}

        <section aria-labelledby="original-title" className="space-y-3">
          <h2 id="original-title" className="text-2xl font-extrabold">
            Original photo
          </h2>
          <img
            {...responsiveImage(data.originalImageUrl, data.images, ORIGINAL_PHOTO_SIZES)}
            alt="The original room"
            fetchPriority="high"
            className="h-auto w-full max-w-2xl rounded-2xl shadow-sm"
          />
          <Button asChild variant="secondary" size="sm">
            <a href={imageDownloadUrl(data.originalImageUrl, `${projectName ?? 'room'}-original`)} download>
              <Download className="size-4" aria-hidden /> Download
            </a>
          </Button>
        </section>

        {data.generatedImageUrls.length > 0 && (
          <section aria-labelledby="generated-title" className="space-y-3">
            <h2 id="generated-title" className="text-2xl font-extrabold">
              AI-Generated Design
            </h2>
            <ImageSlider
              images={data.generatedImageUrls}
              imageInfo={data.images}
              label="AI-generated design"
              compareWith={data.originalImageUrl}
              actions={(url, index) => imageActions(url, refinedCount + index)}
              overlay={brushOver}
              startAt={brush?.url}
            />
          </section>
        )}

        {lapsed && data.status === 'done' && (
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
            <Button className="mt-4" onClick={runFix} disabled={fixing || refining || refinedCount > 0}>
              {fixing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Wrench className="size-4" aria-hidden />}{' '}
              {fixing ? 'Fixing your room...' : 'Fix Room'}
            </Button>
          </details>
        )}

        {canRefine && (
          <RefinePanel
            designId={data.id}
            heading="Want something different? Refine your design"
            disabled={refining || fixing || refinedCount > 0}
            iteration={0}
            onRunningChange={setRefining}
            onRefined={refined}
            painted={painted}
          />
        )}

        {refinedCount > 0 && (
          <section aria-labelledby="refined-title" className="space-y-3">
            <h2 id="refined-title" className="text-2xl font-extrabold">
              Refined Design
            </h2>
            <ImageSlider
              images={data.refinedImageUrls}
              imageInfo={data.images}
              label="Refined"
              labelFor={(index) => `Refined #${refinedCount - index}`}
              compareWith={data.originalImageUrl}
              actions={(url, index) => imageActions(url, index)}
              overlay={brushOver}
              maskFor={maskOf}
              startAt={brush?.url}
            />
            {canRefine && (
              <RefinePanel
                designId={data.id}
                heading="Want something different Again?"
                disabled={refining || fixing}
                activeUrl={data.refinedImageUrls[0]}
                iteration={refinedCount}
                onRunningChange={setRefining}
                onRefined={refined}
                painted={painted}
              />
            )}
          </section>
        )}

        {(data.analysisText || items.length > 0) && <DesignAnalysis html={data.analysisText} items={items} />}
        {!readOnly && <FeedbackPanel designId={data.id} />}

        <div className="flex flex-wrap items-center justify-center gap-3">
          {shop?.(items)}
          <Button asChild size="lg" variant="secondary">
            <Link to={data.isfdDesign ? paths.furnishing : paths.kitchenBathroom}>Try Another Room</Link>
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
        designId={data.id}
        image={saveIndex === null ? null : (designImageAt(data, saveIndex) ?? null)}
        defaultRoomType={data.iskbDesign ? 'kitchen' : 'living-room'}
        onClose={() => setSaveIndex(null)}
        onSaved={() => void refresh()}
      />
      <ShareDesignDialog
        open={shareImage !== null}
        onClose={() => setShareImage(null)}
        title="Share this design"
        link={pageLink}
        text="My room redesign with Room Visualizer"
        networks={['Twitter', 'Facebook']}
        isPublic={isPublic}
        onMakePublic={readOnly ? undefined : () => makePublic(true)}
        downloadUrl={shareImage ? imageDownloadUrl(shareImage, projectName) : undefined}
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
