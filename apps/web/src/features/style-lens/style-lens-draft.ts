import { z } from 'zod';
import { revokeUploadItems, type UploadItem } from '@/components/ui/upload-items';
import { draftExpired } from '@/lib/draft-store';
import type { DraftKind } from '@/lib/use-draft';

/** The stored record: the photos' ids in their order (the files are kept beside it), read back through its schema. */
const record = z.object({ savedAt: z.number(), photos: z.array(z.string()) });

/**
 * A new StyleLens' photos as a draft (ADR 054): kept in their order until the lens is made or the person
 * clears them; an empty grid keeps nothing. Restored only into an empty grid.
 */
export const styleLensDraft: DraftKind<UploadItem[]> = {
  save: async (store, key, photos, now) => {
    if (photos.length === 0) return store.remove(key);
    const kept: z.infer<typeof record> = { savedAt: now, photos: photos.map((item) => item.id) };
    await store.write(key, kept, new Map(photos.map((item) => [item.id, item.file])));
  },
  load: async (store, key, now) => {
    const stored = await store.read(key);
    if (!stored) return undefined;
    const parsed = record.safeParse(stored.record);
    if (!parsed.success || draftExpired(parsed.data.savedAt, now)) {
      await store.remove(key);
      return undefined;
    }
    return parsed.data.photos.flatMap((id) => {
      const file = stored.files.get(id);
      return file ? [{ id, file, preview: URL.createObjectURL(file) }] : [];
    });
  },
  merge: (current, kept) => (current.length > 0 || kept.length === 0 ? { value: current, taken: false } : { value: kept, taken: true }),
  release: (kept, used) => revokeUploadItems(kept.filter((item) => !used.includes(item))),
  // Every change is a photo added, moved or removed.
  atOnce: () => true,
};
