import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
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

/** The multipart body of POST /api/room-design: furnitureData lists the items in furniturePhotos' order. */
export function roomDesignFormData(input: RoomDesignInput): FormData {
  const form = new FormData();
  form.set('styleDescription', input.styleDescription.trim());
  form.set('additionalSuggestions', input.additionalSuggestions.trim());
  form.set('architecturalChanges', input.architecturalChanges);
  form.set('architecturalDetails', input.architecturalChanges === 'yes' ? input.architecturalDetails.trim() : '');
  form.set(
    'furnitureData',
    JSON.stringify(input.furniture.map(({ description, placement }) => ({ description: description.trim(), placement: placement.trim() }))),
  );
  form.set('useStyleLens', String(input.useStyleLens));
  form.set('roomPhoto', input.roomPhoto);
  for (const item of input.furniture) form.append('furniturePhotos', item.file);
  for (const file of input.conceptPhotos) form.append('conceptPhotos', file);
  return form;
}

export async function createRoomDesign(input: RoomDesignInput): Promise<{ designId: string }> {
  const answer = await call('createRoomDesign', { form: roomDesignFormData(input) }, { timeoutMs: TIMEOUTS_MS.createDesign });
  if (!answer?.designId) throw new DesignNotCreatedError(answer?.error || 'No design was returned. Please try again.');
  return { designId: answer.designId };
}

export function useCreateRoomDesign() {
  return useMutation({ mutationFn: createRoomDesign });
}
