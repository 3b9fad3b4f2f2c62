import { describe, expect, it } from 'vitest';
import type { UploadItem } from '@/components/ui/upload-items';
import { DRAFT_KEPT_DAYS, memoryDraftStore } from '@/lib/draft-store';
import { isEmptyDraft, loadDraft, saveDraft, withDraft, type FormDraft } from './form-draft';

const upload = (id: string): UploadItem => ({ id, file: new File([id], `${id}.jpg`, { type: 'image/jpeg' }), preview: `blob:${id}` });
const empty = (): FormDraft => ({
  photo: [],
  items: [],
  itemTexts: {},
  inspiration: [],
  texts: { styleDescription: '', additionalSuggestions: '' },
  advancedOpen: false,
  useStyleLens: true,
});
const filled = (): FormDraft => ({
  ...empty(),
  photo: [upload('room')],
  items: [upload('chair'), upload('lamp')],
  itemTexts: { chair: { description: 'green armchair', placement: 'left' }, lamp: { description: 'brass lamp', placement: '' } },
  inspiration: [upload('idea')],
  texts: { styleDescription: 'sage green', additionalSuggestions: '' },
  advancedOpen: true,
});
const DAY = 24 * 60 * 60 * 1000;

describe("a tool form's draft", () => {
  it('comes back as it was kept: each photo with its id, file and words, the texts and the choices', async () => {
    const store = memoryDraftStore();
    await saveDraft(store, 'u1/furnishing', filled(), 1_000);
    const draft = (await loadDraft(store, 'u1/furnishing', 2_000))!;
    expect(draft.photo.map((item) => [item.id, item.file.name])).toEqual([['room', 'room.jpg']]);
    expect(draft.items.map((item) => item.id)).toEqual(['chair', 'lamp']);
    expect(draft.itemTexts.chair).toEqual({ description: 'green armchair', placement: 'left' });
    expect(draft.inspiration.map((item) => item.file.name)).toEqual(['idea.jpg']);
    expect(draft.texts).toEqual({ styleDescription: 'sage green', additionalSuggestions: '' });
    expect(draft).toMatchObject({ advancedOpen: true, useStyleLens: true });
    // New previews of the kept files, not the old page's.
    expect(draft.photo[0]!.preview).not.toBe('blob:room');
  });

  it('an empty form keeps nothing: its draft is removed', async () => {
    const store = memoryDraftStore();
    await saveDraft(store, 'u1/furnishing', filled(), 1_000);
    expect(isEmptyDraft(empty())).toBe(true);
    await saveDraft(store, 'u1/furnishing', empty(), 2_000);
    expect(await store.read('u1/furnishing')).toBeUndefined();
  });

  it(`is kept ${DRAFT_KEPT_DAYS} days after its last change, then removed instead of restored`, async () => {
    const store = memoryDraftStore();
    await saveDraft(store, 'u1/furnishing', filled(), 0);
    expect(await loadDraft(store, 'u1/furnishing', DRAFT_KEPT_DAYS * DAY)).toBeDefined();
    expect(await loadDraft(store, 'u1/furnishing', DRAFT_KEPT_DAYS * DAY + 1)).toBeUndefined();
    expect(await store.read('u1/furnishing')).toBeUndefined();
  });

  it('a record not of the draft’s shape is removed, not trusted', async () => {
    const store = memoryDraftStore();
    await store.write('u1/furnishing', { texts: 'not a map' }, new Map());
    expect(await loadDraft(store, 'u1/furnishing', 0)).toBeUndefined();
    expect(await store.read('u1/furnishing')).toBeUndefined();
  });

  it('fills only what the form does not have yet: what was entered before React ran the page stays', () => {
    const typed: FormDraft = { ...empty(), texts: { styleDescription: 'typed first', additionalSuggestions: '' } };
    const { form, taken } = withDraft(typed, filled());
    expect(taken).toBe(true);
    expect(form.texts.styleDescription).toBe('typed first');
    expect(form.photo.map((item) => item.id)).toEqual(['room']);
    expect(form.items.map((item) => item.id)).toEqual(['chair', 'lamp']);
    expect(form.itemTexts.lamp).toEqual({ description: 'brass lamp', placement: '' });
    // The person had started: the draft's choices do not overrule theirs.
    expect(form.advancedOpen).toBe(false);

    const picked: FormDraft = { ...empty(), photo: [upload('new-room')] };
    expect(withDraft(picked, filled()).form.photo.map((item) => item.id)).toEqual(['new-room']);
    expect(withDraft(empty(), empty()).taken).toBe(false);
  });
});
