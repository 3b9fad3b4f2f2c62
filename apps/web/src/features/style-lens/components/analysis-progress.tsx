import { StepProgress } from '@/components/ui/step-progress';

/** The StyleLens page's own wording for the five loading steps. */
export const STYLE_LENS_STEPS = [
  'Reading your photos',
  'Finding your palette',
  'Naming materials and forms',
  'Writing your style profile',
  'Final touches',
] as const;

/** The loading animation while the photos are analysed. */
export function AnalysisProgress({ photoCount }: { photoCount: number }) {
  return (
    <StepProgress
      title="Building your StyleLens"
      intro={`We are reading the colours, materials and shapes of your ${photoCount} photos. Please keep this page open.`}
      label="StyleLens progress"
      steps={STYLE_LENS_STEPS}
    />
  );
}
