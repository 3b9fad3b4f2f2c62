// Compile-time tests (npm run typecheck): the tools' forms name only fields their catalogue entries declare.
import type { FormField } from './tool-forms';

export const roomPhoto: FormField<'createRoomDesign'> = 'roomPhoto';
export const spacePhoto: FormField<'createKitchenBathroomDesign'> = 'spacePhoto';
// @ts-expect-error the Furnishing form's body has no spacePhoto (that is the Kitchen & Bathroom form's)
export const wrongTool: FormField<'createRoomDesign'> = 'spacePhoto';
// @ts-expect-error a field no declaration has
export const unknown: FormField = 'roomPhotos';
