import { GENERATION_TIME_TEXT } from '@rv/contracts/constants';
import { StepProgress, type FiveSteps } from '@/components/ui/step-progress';

/** The loading screen while a design is created, in the tool's own words (tool-forms.ts). */
export function LoadingProgress({ title, steps }: { title: string; steps: FiveSteps }) {
  return (
    <StepProgress
      title={title}
      intro={`This usually takes ${GENERATION_TIME_TEXT.design}. Please keep this page open.`}
      label="Design progress"
      steps={steps}
    />
  );
}
