import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { revokeUploadItems } from '@/components/ui/upload-items';
import { draftKey, draftStore } from '@/lib/draft-store';
import { useHydrated } from '@/lib/use-hydrated';
import { userProfileQueryOptions } from '@/lib/user-profile';
import { loadDraft, saveDraft, withDraft, type FormDraft } from '../form-draft';

/** A change is kept this long after the last one (and at once when the person leaves the form or the page). */
export const DRAFT_SAVE_DELAY_MS = 300;

/**
 * A tool form's draft, kept in this browser under the signed-in account's id (ADR 054). Once React runs the
 * page (never at its first paint) the account's draft is read and what the form does not have yet is taken
 * from it (`adopt`); from then on every change is kept, a moment after it, and at once when the form goes
 * (Back, another page) or the page is hidden (a reload, a closed tab). `discard` removes it for good (the
 * design was made, or the person cleared the form).
 */
export function useFormDraft(tool: string, current: FormDraft, adopt: (form: FormDraft) => void) {
  const hydrated = useHydrated();
  // The profile says whose draft it is; asked once React runs the page, from the cache when another page asked.
  const profile = useQuery({ ...userProfileQueryOptions(), enabled: hydrated, staleTime: Infinity });
  const userId = profile.data?.id;
  const key = userId ? draftKey(userId, tool) : undefined;
  const [loaded, setLoaded] = useState<string>();
  const [restored, setRestored] = useState(false);

  const latest = useRef(current);
  const adoptRef = useRef(adopt);
  useLayoutEffect(() => {
    latest.current = current;
    adoptRef.current = adopt;
  });
  /** Nothing is kept under this key any more (the design was made): a later change or the form's going writes nothing. */
  const discarded = useRef<string>(undefined);

  useEffect(() => {
    if (!key) return;
    let live = true;
    void loadDraft(draftStore(), key, Date.now())
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        if (draft) {
          const { form, taken } = withDraft(latest.current, draft);
          revokeUploadItems(
            [...draft.photo, ...draft.items, ...draft.inspiration].filter(
              (item) => ![...form.photo, ...form.items, ...form.inspiration].includes(item),
            ),
          );
          if (taken) {
            adoptRef.current(form);
            setRestored(true);
          }
        }
        setLoaded(key);
      });
    return () => {
      live = false;
    };
  }, [key]);

  const ready = key !== undefined && loaded === key;
  const save = useCallback(() => {
    if (!key || discarded.current === key) return;
    void saveDraft(draftStore(), key, latest.current, Date.now()).catch(() => undefined);
  }, [key]);

  // Each change, a moment later; the last one at once when the form goes or the page is hidden.
  const { photo, items, itemTexts, inspiration, texts, advancedOpen, useStyleLens } = current;
  const pending = useRef(false);
  useEffect(() => {
    if (!ready) return;
    pending.current = true;
    const timer = window.setTimeout(() => {
      pending.current = false;
      save();
    }, DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, save, photo, items, itemTexts, inspiration, texts, advancedOpen, useStyleLens]);
  useEffect(() => {
    if (!ready) return;
    const flush = () => {
      if (!pending.current) return;
      pending.current = false;
      save();
    };
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [ready, save]);

  /** Removes the draft: the design was made (`for good`: nothing more is kept from this form), or the person cleared the form. */
  const discard = useCallback(
    ({ forGood = false } = {}) => {
      if (!key) return;
      pending.current = false;
      if (forGood) discarded.current = key;
      setRestored(false);
      void draftStore()
        .remove(key)
        .catch(() => undefined);
    },
    [key],
  );

  return { restored, discard, userId };
}
