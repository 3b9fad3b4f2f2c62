import { z } from 'zod';

/**
 * What a person typed into Save To My Designs, kept in the tab's sessionStorage under the design's id
 * while the save is on its way: a save refused because the session ended sends them to sign in, and the
 * page they come back to opens the dialog again with it (nothing a person typed is lost, ADR 035). A save that succeeds forgets it.
 */
const saveDraftSchema = z.object({
  imageId: z.string(),
  name: z.string(),
  roomType: z.object({ choice: z.string(), other: z.string() }),
  notes: z.string(),
});
export type SaveDraft = z.infer<typeof saveDraftSchema>;

const key = (designId: string) => `rv:save-draft:${designId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function keepSaveDraft(designId: string, draft: SaveDraft): void {
  try {
    storage()?.setItem(key(designId), JSON.stringify(draft));
  } catch {
    // A full or refused storage only loses the convenience.
  }
}

/** The draft kept for the design, when there is one (and, given an image id, for that image). */
export function readSaveDraft(designId: string, imageId?: string): SaveDraft | null {
  const kept = storage()?.getItem(key(designId));
  if (!kept) return null;
  try {
    const draft = saveDraftSchema.safeParse(JSON.parse(kept));
    if (!draft.success || (imageId !== undefined && draft.data.imageId !== imageId)) return null;
    return draft.data;
  } catch {
    return null;
  }
}

export function forgetSaveDraft(designId: string): void {
  storage()?.removeItem(key(designId));
}
