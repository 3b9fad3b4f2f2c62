import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '@rv/contracts/messages';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { revokeUploadItems, type UploadDropZoneProps, type UploadItem } from '@/components/ui/upload-drop-zone';
import { picksBeingChecked } from '@/components/ui/pending-picks';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/use-hydrated';
import { followDesign, useCreateDesign } from '../api/create-design';
import { DesignNotCreatedError } from '../api/creation-failure';
import { focusSoon } from '../focus-soon';
import { isEmptyDraft, type FormDraft } from '../form-draft';
import { forgetLeftDesign, noteDesignAnswered, noteDesignSent } from '../left-design';
import { useFormDraft } from './use-form-draft';
import { useLeftDesign } from '../components/left-design-notice';
import {
  itemFieldId,
  noProblems,
  problemsOf,
  type AdvancedChoice,
  type PhotoZone,
  type ToolFormSpec,
  withAnswer,
  type ToolFormValues,
} from '../tool-forms';
import { useCreationFailure, useItemTexts, useUploadZones } from '../components/tool-form-parts';

type Zone = 'photo' | 'items' | 'inspiration';

/** The query parameter of a tool page's address that names the design being made (a reload follows it again). */
export const FOLLOWED_PARAM = 'design';
type Texts = Record<string, string>;

/** The names of the form's own text fields and choice (not the items'), each starting empty. */
function emptyTexts(form: ToolFormSpec): Texts {
  const names = [
    ...form.notes.fields.map((field) => field.field),
    ...(form.advanced ? [form.advanced.field, form.advanced.details.field] : []),
  ];
  return Object.fromEntries(names.map((name) => [name, '']));
}

/** The id of one option of the advanced choice (a radio button), so that a refused submit can focus it. */
export const optionId = (advanced: AdvancedChoice, value: string) =>
  `${advanced.field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${value}`;

/**
 * A design tool form's state and submit (the form itself only shows them): the photos of its three drop
 * zones, its texts and choice, the problems found once a submit was tried, and the design's creation.
 * What was typed or picked before React ran the page is adopted in a layout effect (ADR 026).
 */
export function useToolForm(form: ToolFormSpec, home?: ToolFormValues['home']) {
  const navigate = useNavigate();
  // Whether the form is still on screen when an answer comes (else its person left while the design was made).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const userIdRef = useRef<string>(undefined);
  const discardRef = useRef<(options?: { forGood?: boolean }) => void>(undefined);
  const create = useCreateDesign(form, (answer) => {
    const userId = userIdRef.current;
    if (!userId) return;
    // The design is being made: noted, so that a person who leaves now finds it (LeftDesignNotice).
    if ('designId' in answer) {
      void noteDesignAnswered(userId, answer.designId);
      // Started after its form had gone (the person left while it was sent): no page follows it, so it is
      // followed here until made, and only then does its draft go (ADR 066); a design that fails keeps it.
      if (!mounted.current)
        followDesign(answer.designId, (event) => {
          if (event.type === 'complete') discardRef.current?.({ forGood: true });
        });
    } else if (mounted.current) void forgetLeftDesign(userId);
  });
  // The design being made, followed on its event stream (ADR 066): named in the page's address, so a reload
  // follows it again (read once React runs the page, so that hydration finds the form it rendered).
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const followedId = hydrated ? searchParams.get(FOLLOWED_PARAM) : null;
  const [progress, setProgress] = useState<{ designId: string; text: string }>();
  const busy = create.isPending || followedId !== null;
  const onFailure = useCreationFailure(busy, form.submit.id);
  const toolPath = form.tool === 'furnishing' ? paths.furnishing : paths.kitchenBathroom;
  const tellFailure = (error: unknown) =>
    onFailure(error, (failure) =>
      'toast' in form.failure ? toast.error(form.failure.toast, { description: failure }) : window.alert(form.failure.alert(failure)),
    );
  useEffect(() => {
    if (!followedId) return;
    return followDesign(followedId, (event) => {
      if (event.type === 'status') {
        setProgress({ designId: followedId, text: event.message });
        return;
      }
      const userId = userIdRef.current;
      if (userId) void forgetLeftDesign(userId);
      // The tool page's address without the design, so that Back never follows it again.
      void navigate(toolPath, { replace: true });
      if (event.type === 'complete') {
        // The design was made: its draft is done with.
        discardRef.current?.({ forGood: true });
        if (form.createdToast) toast.success(form.createdToast);
        void navigate(paths.design(form.tool, followedId), { state: { from: toolPath } });
      } else tellFailure(new DesignNotCreatedError(event.details));
    });
    // Follows one design for as long as the address names it; the handlers read the latest refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followedId]);

  const [useStyleLens, setUseStyleLens] = useState(true);
  const [photo, setPhoto] = useState<UploadItem[]>([]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [inspiration, setInspiration] = useState<UploadItem[]>([]);
  const [texts, setTexts] = useState<Texts>(() => emptyTexts(form));
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const { textOf, setText, itemTexts, setItemTexts } = useItemTexts<Texts>(
    Object.fromEntries(form.items.fields.map((field) => [field.key, field.empty])),
  );
  const { rejected, onUpload, onReject } = useUploadZones<Zone>();
  const setField = (name: string, value: string) => setTexts((all) => ({ ...all, [name]: value }));
  /** A drop zone as its description says (one photo, or up to its limit), with its refusals shown under it. */
  const zone = (name: Zone, spec: PhotoZone, shown: UploadItem[], set: (items: UploadItem[]) => void): UploadDropZoneProps => ({
    id: spec.id,
    label: spec.label,
    hint: spec.hint,
    items: shown,
    onChange: onUpload(name, set),
    onReject: onReject(name),
    error: rejected[name],
    ...(spec.max > 1 ? { multiple: true, maxFiles: spec.max } : {}),
  });

  // What was typed or chosen before React ran the page is in the fields: the state takes it over.
  const formRef = useRef<HTMLFormElement>(null);
  const advancedRef = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const typed = Object.keys(emptyTexts(form)).flatMap((name) => {
      const value = (element.elements.namedItem(name) as HTMLTextAreaElement | RadioNodeList | null)?.value;
      // The choice's default answer, picked in the HTML, is not something typed.
      return value && !(name === form.advanced?.field && value === form.advanced.answered) ? [[name, value] as const] : [];
    });
    if (typed.length > 0) setTexts((all) => ({ ...all, ...Object.fromEntries(typed) }));
    if (advancedRef.current?.open) setAdvancedOpen(true);
  }, [form]);

  // The draft (ADR 054): read once React runs the page, what the form lacks taken from it, every change kept.
  const adopt = (draft: FormDraft) => {
    setPhoto(draft.photo);
    setItems(draft.items);
    setItemTexts(draft.itemTexts);
    setInspiration(draft.inspiration);
    setTexts(draft.texts);
    setAdvancedOpen(draft.advancedOpen);
    setUseStyleLens(draft.useStyleLens);
  };
  const draft = useFormDraft(form.tool, { photo, items, itemTexts, inspiration, texts, advancedOpen, useStyleLens }, adopt);
  useLayoutEffect(() => {
    userIdRef.current = draft.userId;
    discardRef.current = draft.discard;
  });
  /** Clear form: everything goes, the draft too. */
  const emptyForm = () => {
    revokeUploadItems([...photo, ...items, ...inspiration]);
    adopt({ photo: [], items: [], itemTexts: {}, inspiration: [], texts: emptyTexts(form), advancedOpen: false, useStyleLens: true });
    setAttempted(false);
    draft.discard();
  };
  const clear = () => {
    emptyForm();
    toast.success(messages.drafts.cleared);
  };
  // A draft restored here that was sent as a design made while its person was away is done with: the follower
  // that would have removed it (above) ended with the page that ran it (a reload, another address).
  const { finished: madeWhileAway } = useLeftDesign();
  const sentDraftDone = draft.restored && madeWhileAway?.status === 'done' && madeWhileAway.tool === form.tool;
  useEffect(() => {
    // What two outside stores say (this browser's IndexedDB and the server's list) empties the form once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (sentDraftDone) emptyForm();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the restored draft is found sent and made
  }, [sentDraftDone]);
  const empty = isEmptyDraft({ photo, items, itemTexts, inspiration, texts, advancedOpen, useStyleLens });

  const current = () => ({ hasPhoto: photo.length > 0, items: items.map((item) => ({ id: item.id, texts: textOf(item) })), texts });
  // After a first submit the messages follow the fields live, and disappear once fixed.
  const problems = attempted ? problemsOf(form, current()) : noProblems;
  const [photoItem] = photo;
  // Without a message of its own for a missing photo, the submit button waits for one (the Kitchen form).
  // Before React runs the page the button is not drawn as waiting (ADR 038): a photo picked then is not in
  // the state yet, and the person must see a button they can press; the press is kept and carried out once
  // the photo is adopted. The hint under it says what the form needs either way.
  const waitingForPhoto = !photoItem && !form.photo.missing;
  const { advanced } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A photo just picked is still being checked: the form is sent again once it is in (or refused).
    const checking = picksBeingChecked();
    if (checking) {
      void checking.then(() => formRef.current?.requestSubmit());
      return;
    }
    setAttempted(true);
    const found = problemsOf(form, current());
    const message = found.photo ?? found.items ?? found.advanced;
    if (message || !photoItem) {
      // A form whose button waits for the photo (aria-disabled, yet pressable so that a press made before
      // hydration is kept) has no message of its own for it: a press without one only takes the person to it.
      if (!message) {
        focusSoon(form.photo.id);
        return;
      }
      toast.error(message);
      if (found.advanced) setAdvancedOpen(true);
      const [firstItem] = found.invalidItems;
      const firstField = form.items.fields[0]!.key;
      focusSoon(
        found.photo
          ? form.photo.id
          : firstItem
            ? itemFieldId(form, firstItem, firstField)
            : optionId(advanced!, advanced!.options[0]!.value),
      );
      return;
    }
    const sent: Texts = withAnswer(form, texts);
    if (advanced && sent[advanced.field] !== advanced.details.shownFor) sent[advanced.details.field] = '';
    const values: ToolFormValues = {
      photo: photoItem.file,
      items: items.map((item) => ({ file: item.file, texts: textOf(item) })),
      inspiration: inspiration.map((item) => item.file),
      texts: sent,
      useStyleLens,
      ...(home ? { home } : {}),
    };
    if (draft.userId) void noteDesignSent(draft.userId, form.tool, Date.now());
    create.mutate(values, {
      onSuccess: ({ designId }) => {
        void navigate(`${toolPath}?${new URLSearchParams({ [FOLLOWED_PARAM]: designId }).toString()}`, { replace: true });
      },
      onError: tellFailure,
    });
  };

  // What each section of the form draws, and nothing more (ToolForm hands each its own).
  return {
    busy,
    progress: progress && progress.designId === followedId ? progress.text : undefined,
    formRef,
    submit,
    draftRestored: draft.restored,
    photoZone: { ...zone('photo', form.photo, photo, setPhoto), required: form.photo.missing, error: rejected.photo ?? problems.photo },
    itemsZone: zone('items', form.items, items, setItems),
    itemFields: {
      textOf,
      setText,
      invalidItems: problems.invalidItems,
      problem: problems.items,
    },
    inspirationZone: zone('inspiration', form.inspiration, inspiration, setInspiration),
    notes: { texts, setField, useStyleLens, setUseStyleLens },
    advancedChoice: advanced && {
      advanced,
      detailsRef: advancedRef,
      open: advancedOpen,
      onOpenChange: setAdvancedOpen,
      texts,
      onFieldChange: setField,
      problem: problems.advanced,
    },
    submitArea: { busy, waiting: waitingForPhoto, unavailable: hydrated && waitingForPhoto, onClear: empty ? undefined : clear },
  };
}
