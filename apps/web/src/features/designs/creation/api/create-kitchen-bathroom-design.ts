import type { KITCHEN_CATEGORIES } from '@rv/contracts/constants';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { DesignNotCreatedError } from './creation-failure';

export type KitchenCategory = (typeof KITCHEN_CATEGORIES)[number];

export interface FinishInput {
  file: File;
  label: string;
  category: KitchenCategory;
}

/** The Kitchen & Bathroom form's values (spec section 3, 'Kitchen/bathroom form'). */
export interface KitchenBathroomDesignInput {
  spacePhoto: File;
  finishes: FinishInput[];
  inspirationPhotos: File[];
  additionalRequests: string;
  useStyleLens: boolean;
}

/** The multipart body of POST /api/kitchen-bathroom-design: finishesData lists the items in finishesFixtures' order. */
export function kitchenBathroomFormData(input: KitchenBathroomDesignInput): FormData {
  const form = new FormData();
  form.set('finishesData', JSON.stringify(input.finishes.map(({ label, category }) => ({ label: label.trim(), category }))));
  form.set('additionalRequests', input.additionalRequests.trim());
  form.set('useStyleLens', String(input.useStyleLens));
  form.set('spacePhoto', input.spacePhoto);
  for (const item of input.finishes) form.append('finishesFixtures', item.file);
  for (const file of input.inspirationPhotos) form.append('inspirationPhotos', file);
  return form;
}

export async function createKitchenBathroomDesign(input: KitchenBathroomDesignInput): Promise<{ designId: string }> {
  const answer = await call(
    'createKitchenBathroomDesign',
    { form: kitchenBathroomFormData(input) },
    { timeoutMs: TIMEOUTS_MS.createDesign },
  );
  if (!answer?.success || !answer.designId) throw new DesignNotCreatedError(answer?.error || 'No design was returned. Please try again.');
  return { designId: answer.designId };
}

export function useCreateKitchenBathroomDesign() {
  return useMutation({ mutationFn: createKitchenBathroomDesign });
}
