import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import type { Routes } from '@rv/contracts/routes/routes';
import { call, type CallInput } from '@/lib/api-client';
import { DesignNotCreatedError } from './creation-failure';

export interface FurnitureInput {
  file: File;
  description: string;
  placement: string;
}

/** The Furnishing form's values (spec section 3, 'Furnishing design form'). */
export interface RoomDesignInput {
  roomPhoto: File;
  furniture: FurnitureInput[];
  conceptPhotos: File[];
  styleDescription: string;
  additionalSuggestions: string;
  architecturalChanges: 'no' | 'yes';
  architecturalDetails: string;
  /** Leave the saved StyleLens out of this one design when false. */
  useStyleLens: boolean;
}

/** The body of POST /api/room-design (declared in the catalogue): furnitureData lists the items in furniturePhotos' order. */
export function roomDesignForm(input: RoomDesignInput): CallInput<Routes['createRoomDesign']>['form'] {
  return {
    styleDescription: input.styleDescription.trim(),
    additionalSuggestions: input.additionalSuggestions.trim(),
    architecturalChanges: input.architecturalChanges,
    architecturalDetails: input.architecturalChanges === 'yes' ? input.architecturalDetails.trim() : '',
    furnitureData: input.furniture.map(({ description, placement }) => ({ description: description.trim(), placement: placement.trim() })),
    useStyleLens: input.useStyleLens,
    roomPhoto: input.roomPhoto,
    furniturePhotos: input.furniture.map((item) => item.file),
    conceptPhotos: input.conceptPhotos,
  };
}

export async function createRoomDesign(input: RoomDesignInput): Promise<{ designId: string }> {
  const answer = await call('createRoomDesign', { form: roomDesignForm(input) }, { timeoutMs: TIMEOUTS_MS.createDesign });
  if (!answer?.designId) throw new DesignNotCreatedError(answer?.error || 'No design was returned. Please try again.');
  return { designId: answer.designId };
}

export function useCreateRoomDesign() {
  return useMutation({ mutationFn: createRoomDesign });
}
