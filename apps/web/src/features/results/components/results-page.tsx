import { messages } from '@rv/contracts/messages';
import { Download, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { claimResults, useRoomDesign } from '../api/get-room-design';
import { DesignAnalysis } from './design-analysis';
import { ImageSlider } from './image-slider';

/** The results page: the original, the generated designs, and the analysis. */
export function ResultsPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const design = useRoomDesign(id);
  const claimed = useRef(false);
  const from = (location.state as { from?: string } | null)?.from;

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

  if (design.isPending) {
    return (
      <div className="flex justify-center py-24" role="status">
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
  const images = [...data.refinedImageUrls, ...data.generatedImageUrls];
  const tool = data.isfdDesign ? 'furnishing' : 'kitchen-bathroom';

  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-8">
      <h1 className="text-3xl font-extrabold">{data.isfdDesign ? 'Your room makeover' : 'Your kitchen & bathroom design'}</h1>
      {data.status === 'failed' && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {data.error}
        </p>
      )}
      {(data.status === 'queued' || data.status === 'running') && (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-800">
          Your design is still being created. It usually takes about 1-2 minutes; this page updates when you reload it.
        </p>
      )}
      <section aria-labelledby="original-title" className="space-y-3">
        <h2 id="original-title" className="text-2xl font-extrabold">
          Original photo
        </h2>
        <img src={data.originalImageUrl} alt="Your original room" className="w-full max-w-2xl rounded-2xl shadow-sm" />
        <Button asChild variant="secondary" size="sm">
          <a href={data.originalImageUrl} download={`original-${data.id}.webp`}>
            <Download className="size-4" aria-hidden /> Download
          </a>
        </Button>
      </section>
      {images.length > 0 && (
        <section aria-labelledby="generated-title" className="space-y-3">
          <h2 id="generated-title" className="text-2xl font-extrabold">
            AI-Generated Design
          </h2>
          <ImageSlider
            images={images}
            label="AI-generated design"
            actions={(url, index) => (
              <Button asChild variant="secondary" size="sm">
                <a href={url} download={`design-${data.id}-${index + 1}.webp`}>
                  <Download className="size-4" aria-hidden /> Download
                </a>
              </Button>
            )}
          />
        </section>
      )}
      {data.analysisText && <DesignAnalysis html={data.analysisText} />}
      <div className="flex justify-center">
        <Button asChild size="lg">
          <Link to={tool === 'furnishing' ? paths.furnishing : paths.kitchenBathroom}>Try Another Room</Link>
        </Button>
      </div>
    </div>
  );
}
