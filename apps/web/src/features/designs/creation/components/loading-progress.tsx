import { designWait } from '@rv/contracts/constants';
import { getSiteConfig } from '@/lib/site-config';
import { StepProgress, type FiveSteps } from '@/components/ui/step-progress';

/** The loading screen while a design is created, in the tool's own words (tool-forms.ts). */
export function LoadingProgress({ title, steps }: { title: string; steps: FiveSteps }) {
  return (
    <StepProgress
      title={title}
      intro={`This usually takes ${designWait(getSiteConfig().imageEngine)}. Please keep this page open.`}
      label="Design progress"
      steps={steps}
    />
  );
}
