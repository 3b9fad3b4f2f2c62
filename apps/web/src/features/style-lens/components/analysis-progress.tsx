import { StepProgress } from '@/components/ui/step-progress';

/** The StyleLens page's own wording for the five loading steps. */
export const STYLE_LENS_STEPS = [
  'Reading your photos',
  'Finding your palette',
  'Naming materials and forms',
  'Writing your style profile',
  'Final touches',
] as const;

/**
 * The loading animation while the photos are analysed, with what the analysis is really doing as its server
 * last said (`detail`). After a reload the photos may not be on the page: the intro then names none.
 */
export function AnalysisProgress({ photoCount, detail }: { photoCount: number; detail?: string | undefined }) {
  const photos = photoCount > 0 ? `your ${photoCount} photos` : 'your photos';
  return (
    <StepProgress
      title="Building your StyleLens"
      intro={`We are reading the colours, materials and shapes of ${photos}. You can reload this page: your StyleLens keeps being made.`}
      label="StyleLens progress"
      steps={STYLE_LENS_STEPS}
      detail={detail}
    />
  );
}
