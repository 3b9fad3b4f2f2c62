import type { KITCHEN_CATEGORIES } from '@rv/contracts/constants';
import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import type { Routes } from '@rv/contracts/routes/routes';
import { call, type CallInput } from '@/lib/api-client';
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

/** The body of POST /api/kitchen-bathroom-design (declared in the catalogue): finishesData lists the items in finishesFixtures' order. */
export function kitchenBathroomForm(input: KitchenBathroomDesignInput): CallInput<Routes['createKitchenBathroomDesign']>['form'] {
  return {
    finishesData: input.finishes.map(({ label, category }) => ({ label: label.trim(), category })),
    additionalRequests: input.additionalRequests.trim(),
    useStyleLens: input.useStyleLens,
    spacePhoto: input.spacePhoto,
    finishesFixtures: input.finishes.map((item) => item.file),
    inspirationPhotos: input.inspirationPhotos,
  };
}

export async function createKitchenBathroomDesign(input: KitchenBathroomDesignInput): Promise<{ designId: string }> {
  const answer = await call('createKitchenBathroomDesign', { form: kitchenBathroomForm(input) }, { timeoutMs: TIMEOUTS_MS.createDesign });
  if (!answer?.success || !answer.designId) throw new DesignNotCreatedError(answer?.error || 'No design was returned. Please try again.');
  return { designId: answer.designId };
}

export function useCreateKitchenBathroomDesign() {
  return useMutation({ mutationFn: createKitchenBathroomDesign });
}
