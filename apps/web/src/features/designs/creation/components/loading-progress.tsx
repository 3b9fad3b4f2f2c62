import { designWait } from '@rv/contracts/constants';
import { getSiteConfig } from '@/lib/site-config';
import { StepProgress, type FiveSteps } from '@/components/ui/step-progress';

/**
 * The loading screen while a design is created, in the tool's own words (tool-forms.ts), and what its job
 * is really doing, from the design's event stream (`progress`: its place in the queue, analysing, image n
 * of m, checking the architecture; ADR 066).
 */
export function LoadingProgress({ title, steps, progress }: { title: string; steps: FiveSteps; progress?: string | undefined }) {
  return (
    <StepProgress
      title={title}
      intro={`This usually takes ${designWait(getSiteConfig().imageEngine)}. Please keep this page open.`}
      label="Design progress"
      steps={steps}
      detail={progress}
    />
  );
}
