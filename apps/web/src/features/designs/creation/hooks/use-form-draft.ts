import { useMemo } from 'react';
import { revokeUploadItems } from '@/components/ui/upload-items';
import { useDraft, type DraftKind } from '@/lib/use-draft';
import { loadDraft, saveDraft, withDraft, type FormDraft } from '../form-draft';

const photosOf = (draft: FormDraft) => [...draft.photo, ...draft.items, ...draft.inspiration];

/** A tool form as a draft (form-draft.ts). */
const toolFormDraft: DraftKind<FormDraft> = {
  save: saveDraft,
  load: loadDraft,
  merge: (current, kept) => {
    const { form, taken } = withDraft(current, kept);
    return { value: form, taken };
  },
  release: (kept, used) => revokeUploadItems(photosOf(kept).filter((item) => !photosOf(used).includes(item))),
  atOnce: (before, after) => before.photo !== after.photo || before.items !== after.items || before.inspiration !== after.inspiration,
};

/** A tool form's draft, under the account's id and the tool's name (ADR 054; lib/use-draft.ts). */
export function useFormDraft(tool: string, parts: FormDraft, adopt: (form: FormDraft) => void) {
  const { photo, items, itemTexts, inspiration, texts, advancedOpen, useStyleLens } = parts;
  // One value per change of a part, so that each change (and only a change) is kept.
  const current = useMemo(
    () => ({ photo, items, itemTexts, inspiration, texts, advancedOpen, useStyleLens }),
    [photo, items, itemTexts, inspiration, texts, advancedOpen, useStyleLens],
  );
  return useDraft(tool, current, toolFormDraft, adopt);
}
