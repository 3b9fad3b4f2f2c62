import { z } from 'zod';
import type { UploadItem } from '@/components/ui/upload-items';
import { draftExpired, type DraftStore } from '@/lib/draft-store';

/**
 * A tool form's draft (ADR 054): what the person typed, chose and picked, kept in this browser
 * until the design is made or they clear the form. The photos are kept as files beside a record of plain
 * data that names them by their upload's id (so each item keeps its words).
 */
export interface FormDraft {
  photo: UploadItem[];
  items: UploadItem[];
  /** The words beside each item, by the item's id. */
  itemTexts: Record<string, Record<string, string>>;
  inspiration: UploadItem[];
  /** The form's own text fields and choice, by name. */
  texts: Record<string, string>;
  advancedOpen: boolean;
  useStyleLens: boolean;
}

const textMap = z.record(z.string(), z.string());
/** The stored record, read back through its schema (what storage holds is never trusted as typed). */
const draftRecord = z.object({
  savedAt: z.number(),
  photo: z.array(z.string()),
  items: z.array(z.object({ id: z.string(), texts: textMap })),
  inspiration: z.array(z.string()),
  texts: textMap,
  advancedOpen: z.boolean(),
  useStyleLens: z.boolean(),
});

/** Whether the person has put anything in the form (a choice left as it starts does not count). */
export function isEmptyDraft(draft: FormDraft): boolean {
  return (
    draft.photo.length + draft.items.length + draft.inspiration.length === 0 &&
    Object.values(draft.texts).every((text) => text === '') &&
    draft.useStyleLens
  );
}

/** Keeps the draft (its record and its photos), or removes it when the form is empty. */
export async function saveDraft(store: DraftStore, key: string, draft: FormDraft, now: number): Promise<void> {
  if (isEmptyDraft(draft)) return store.remove(key);
  const zones = [...draft.photo, ...draft.items, ...draft.inspiration];
  const record: z.infer<typeof draftRecord> = {
    savedAt: now,
    photo: draft.photo.map((item) => item.id),
    items: draft.items.map((item) => ({ id: item.id, texts: draft.itemTexts[item.id] ?? {} })),
    inspiration: draft.inspiration.map((item) => item.id),
    texts: draft.texts,
    advancedOpen: draft.advancedOpen,
    useStyleLens: draft.useStyleLens,
  };
  await store.write(key, record, new Map(zones.map((item) => [item.id, item.file])));
}

/**
 * The draft kept under `key`, its photos as uploads again (same ids, new previews); nothing when there is
 * none, when it is older than DRAFT_KEPT_DAYS (then it is removed) or not of the draft's shape.
 */
export async function loadDraft(store: DraftStore, key: string, now: number): Promise<FormDraft | undefined> {
  const stored = await store.read(key);
  if (!stored) return undefined;
  const parsed = draftRecord.safeParse(stored.record);
  if (!parsed.success || draftExpired(parsed.data.savedAt, now)) {
    await store.remove(key);
    return undefined;
  }
  const record = parsed.data;
  const upload = (id: string): UploadItem[] => {
    const file = stored.files.get(id);
    return file ? [{ id, file, preview: URL.createObjectURL(file) }] : [];
  };
  return {
    photo: record.photo.flatMap(upload),
    items: record.items.flatMap((item) => upload(item.id)),
    itemTexts: Object.fromEntries(record.items.map((item) => [item.id, item.texts])),
    inspiration: record.inspiration.flatMap(upload),
    texts: record.texts,
    advancedOpen: record.advancedOpen,
    useStyleLens: record.useStyleLens,
  };
}

/**
 * The form as it is, with what the draft adds: each part the person has not filled since the page came
 * (a zone without photos, an empty text) is taken from the draft, and what they did fill stays (typed
 * before React ran the page, ADR 026). `taken` says whether anything came from the draft.
 */
export function withDraft(current: FormDraft, draft: FormDraft): { form: FormDraft; taken: boolean } {
  let taken = false;
  const zone = (now: UploadItem[], kept: UploadItem[]) => {
    if (now.length > 0 || kept.length === 0) return now;
    taken = true;
    return kept;
  };
  const photo = zone(current.photo, draft.photo);
  const items = zone(current.items, draft.items);
  const inspiration = zone(current.inspiration, draft.inspiration);
  const texts = Object.fromEntries(
    Object.entries(current.texts).map(([name, text]) => {
      const kept = draft.texts[name];
      if (text !== '' || !kept) return [name, text];
      taken = true;
      return [name, kept];
    }),
  );
  const untouched = isEmptyDraft(current);
  if (untouched && (draft.advancedOpen || !draft.useStyleLens)) taken = true;
  return {
    form: {
      photo,
      items,
      itemTexts: items === draft.items ? { ...current.itemTexts, ...draft.itemTexts } : current.itemTexts,
      inspiration,
      texts,
      advancedOpen: current.advancedOpen || (untouched && draft.advancedOpen),
      useStyleLens: untouched ? draft.useStyleLens : current.useStyleLens,
    },
    taken,
  };
}
