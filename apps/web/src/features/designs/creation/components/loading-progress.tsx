import { GENERATION_TIME_TEXT } from '@rv/contracts/constants';
import { StepProgress, type FiveSteps } from '@/components/ui/step-progress';

export const ROOM_DESIGN_STEPS = [
  'Analysing your room',
  'Planning the layout',
  'Placing your pieces',
  'Lighting and materials',
  'Final touches',
] as const;

export const KITCHEN_BATHROOM_STEPS = [
  'Analysing your space',
  'Mapping the surfaces',
  'Applying your finishes',
  'Lighting and materials',
  'Final touches',
] as const;

/** The loading screen while a design is created, in the tool's own words. */
export function LoadingProgress({ title, steps = ROOM_DESIGN_STEPS }: { title: string; steps?: FiveSteps }) {
  return (
    <StepProgress
      title={title}
      intro={`This usually takes ${GENERATION_TIME_TEXT.design}. Please keep this page open.`}
      label="Design progress"
      steps={steps}
    />
  );
}
