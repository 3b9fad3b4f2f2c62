import { designWait } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { Loader2 } from 'lucide-react';
import type { ViewImage } from '@rv/contracts/api/design-view';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { getSiteConfig } from '@/lib/site-config';
import { LookOnResults } from '@/features/designs/homes/components/look-on-results';
import { SaveImageDialog } from '@/features/designs/images/components/save-image-dialog';
import type { ShopSlot } from '@/features/designs/images/lib/design-items';
import { StartYourOwn } from './results/start-your-own';
import { imageDownloadUrl } from '@/features/designs/images/api/image-download-url';
import { ShareDesignDialog } from '@/features/designs/sharing/components/share-design-dialog';
import { RefinePanel } from '@/features/designs/tasks/components/refine-panel';
import { takeEarlyPainting } from '@/features/designs/tasks/lib/early-painting';
import {
  PAGE_SHARE_DIALOG_ID,
  useFixRoom,
  useRefining,
  useResultsPage,
  useSaving,
  useSharing,
  type ResultsPageReady,
} from '../hooks/use-results-page';
import { AnalysisSection } from './results/analysis-section';
import { FixRoomSection } from './results/fix-room-section';
import { GeneratedImagesSection, OriginalPhotoSection, RefinedImagesSection } from './results/image-sections';
import { BrushPanel, brushPanelId, ImageActions, type ImageTools } from './results/image-tools';
import { StandInNote } from './results/stand-in-note';
import { StickyBar } from './results/sticky-bar';

/**
 * The results page, in the spec's order; read-only for a viewer who may not change the design. It reads
 * the design view (ADR 025): every action on an image names the image by its id. Its state and calls are
 * useResultsPage's; the sections under ./results only show them.
 */
export function ResultsPage({ shop }: { shop?: ShopSlot }) {
  const page = useResultsPage();
  if (page.state === 'loading') {
    return (
      // A screen tall, so the footer does not jump down when the design arrives (layout shift).
      <div className="flex min-h-screen justify-center py-24" role="status">
        <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
        <span className="sr-only">Loading your design...</span>
      </div>
    );
  }
  if (page.state === 'missing') {
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-extrabold">Design not found</h1>
        <p className="mt-2 text-slate-700">{errorMessage(page.error, 'This design is private or no longer exists.')}</p>
        <Button asChild className="mt-6">
          <Link to={paths.home}>Back to Home</Link>
        </Button>
      </div>
    );
  }
  return <ReadyResults page={page} shop={shop} />;
}

function ReadyResults({ page, shop }: { page: ResultsPageReady; shop?: ShopSlot }) {
  const { design, readOnly, canRefine, newestRefined } = page;
  const refining = useRefining(page);
  const fix = useFixRoom(page);
  const sharing = useSharing(page);
  const saving = useSaving(page);
  const tools = imageTools(page, refining, saving.save, (image) => sharing.shareImage(image.id));
  return (
    <div>
      <StickyBar isPublic={design.isPublic} readOnly={readOnly} noSession={page.noSession} onTogglePublic={sharing.togglePublic} />

      <div className="mx-auto max-w-5xl space-y-6 px-4 py-4 sm:space-y-10 sm:py-6">
        <h1 className="text-2xl font-extrabold sm:text-3xl">{pageTitle(readOnly, page.isKitchen)}</h1>
        {design.status === 'failed' && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
            {design.error}
          </p>
        )}
        {(design.status === 'queued' || design.status === 'running') && (
          <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-800">
            Your design is still being created. It usually takes {designWait(getSiteConfig().imageEngine)}; reload this page to see it.
          </p>
        )}

        {/* The result first (the original is one press away in it, and in full under it). */}
        {page.generatedImages.length > 0 && (
          <GeneratedImagesSection
            design={design}
            images={page.generatedImages}
            tools={tools}
            startAt={refining.brush?.imageId}
            fixedShown={fix.fixedShown}
          />
        )}
        {getSiteConfig().imageEngine === 'local' && design.status === 'done' && <StandInNote notes={design.engineNotes ?? []} />}
        <OriginalPhotoSection design={design} />

        <LookOnResults design={design} readOnly={readOnly} onChanged={refining.refined} />

        {page.lapsed && design.status === 'done' && (
          <p role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
            {messages.billing.noToolAccess}{' '}
            <Link className="font-semibold underline" to={paths.pricing}>
              See the plan
            </Link>
          </p>
        )}

        {canRefine && (
          <FixRoomSection
            open={fix.open}
            onOpenChange={fix.setOpen}
            fixing={fix.fixing}
            busy={refining.refining}
            refined={newestRefined !== undefined}
            onFix={fix.run}
          />
        )}
        {canRefine && (
          <RefinePanel
            designId={design.id}
            heading="Want something different? Refine your design"
            disabled={refining.refining || fix.fixing || newestRefined !== undefined}
            disabledHint={newestRefined ? messages.tools.refineLatestVersion : undefined}
            baseImageId={page.generatedImages[0]?.id}
            onRunningChange={refining.setRefining}
            onRefined={refining.refined}
            painted={refining.painted}
          />
        )}
        {newestRefined && (
          <RefinedImagesSection
            design={design}
            images={page.refinedImages}
            tools={tools}
            startAt={refining.brush?.imageId}
            refineAgain={
              canRefine && (
                <RefinePanel
                  designId={design.id}
                  heading="Want something different Again?"
                  disabled={refining.refining || fix.fixing}
                  baseImageId={newestRefined.id}
                  onRunningChange={refining.setRefining}
                  onRefined={refining.refined}
                  painted={refining.painted}
                />
              )
            }
          />
        )}

        <AnalysisSection
          designId={design.id}
          analysisHtml={design.analysisHtml}
          items={page.items}
          readOnly={readOnly}
          isKitchen={page.isKitchen}
          shop={shop}
          gallery={sharing.gallery}
          onShareWithGallery={sharing.shareWithGallery}
        />
        {readOnly && <StartYourOwn noSession={page.noSession} />}
      </div>

      <ResultsDialogs page={page} sharing={sharing} saving={saving} />
    </div>
  );
}

function pageTitle(readOnly: boolean, isKitchen: boolean) {
  if (readOnly) return isKitchen ? 'A kitchen & bathroom design' : 'A room makeover';
  return isKitchen ? 'Your kitchen & bathroom design' : 'Your room makeover';
}

/** Each result's buttons and brush, from the page's state. */
function imageTools(
  page: ResultsPageReady,
  refining: ReturnType<typeof useRefining>,
  save: (image: ViewImage) => void,
  share: (image: ViewImage) => void,
): ImageTools {
  const { brush, setBrush, paintable } = refining;
  return {
    actions: (image) => (
      <ImageActions
        designId={page.design.id}
        image={image}
        readOnly={page.readOnly}
        paintable={paintable(image)}
        painting={brush?.imageId === image.id}
        // Opened with what was painted on it before React ran the page (its disclosure, opened then, is pressed again for React).
        onPaint={() =>
          setBrush(brush?.imageId === image.id ? null : { imageId: image.id, strokes: takeEarlyPainting(brushPanelId(image.id)) })
        }
        onSave={() => save(image)}
        onShare={() => share(image)}
      />
    ),
    overlay: (image) => (paintable(image) ? <BrushPanel image={image} brush={brush} onBrushChange={setBrush} /> : null),
  };
}

/** Save To My Designs, and the page's one share dialog (opened by the Share View switch and by each result's Share). */
function ResultsDialogs({
  page,
  sharing,
  saving,
}: {
  page: ResultsPageReady;
  sharing: ReturnType<typeof useSharing>;
  saving: ReturnType<typeof useSaving>;
}) {
  const { design, readOnly } = page;
  const makePublic = readOnly ? undefined : () => sharing.makePublic(true);
  const results = [...page.generatedImages, ...page.refinedImages];
  const shownImage = results.find((image) => image.id === sharing.sharedImageId) ?? results[0];
  const shared = {
    link: sharing.pageLink,
    text: 'My room redesign with Room Visualizer',
    isPublic: design.isPublic,
    onMakePublic: makePublic,
  };
  return (
    <>
      <SaveImageDialog
        designId={design.id}
        image={saving.image}
        defaultRoomType={page.isKitchen ? 'kitchen' : 'living-room'}
        onClose={saving.close}
        onSaved={() => void page.refresh()}
      />
      {/* One share dialog (issue 51): the Share View switch and each result's Share open it; it asks before making the design public. */}
      <ShareDesignDialog
        id={PAGE_SHARE_DIALOG_ID}
        title="Share your design"
        networks={['Twitter', 'Facebook', 'WhatsApp']}
        downloadUrl={shownImage ? imageDownloadUrl(design.id, shownImage.id) : undefined}
        {...shared}
      />
    </>
  );
}
