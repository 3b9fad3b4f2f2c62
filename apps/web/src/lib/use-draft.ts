import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { draftKey, draftStore, type DraftStore } from './draft-store';
import { useHydrated } from './use-hydrated';
import { userProfileQueryOptions } from './user-profile';

/** Typing is kept this long after the last change (and at once when the person leaves the form or the page). */
export const DRAFT_SAVE_DELAY_MS = 300;

/** How one kind of form is kept as a draft: written, read back, and merged into what the form has. */
export interface DraftKind<T> {
  save(store: DraftStore, key: string, value: T, now: number): Promise<void>;
  load(store: DraftStore, key: string, now: number): Promise<T | undefined>;
  /** The form as it is with what the draft adds (only what the form lacks); `taken`: whether anything came from it. */
  merge(current: T, kept: T): { value: T; taken: boolean };
  /** Lets go of what a read draft holds that the merge did not take (its photos' previews). */
  release(kept: T, used: T): void;
  /**
   * Whether a change is kept at once rather than a moment after the last one: a photo picked or removed (a
   * reload right after it must find it: a write begun as the page goes may not finish), where typing waits.
   */
  atOnce(before: T, after: T): boolean;
}

/**
 * A form's draft, kept in this browser under the signed-in account's id (ADR 054); `name` says which form
 * (a tool), or none to keep nothing. Once React runs the page (never at its first paint) the account's draft
 * is read and what the form does not have yet is taken from it (`adopt`); from then on every change of
 * `current` is kept, a moment after it, and at once when the form goes (Back, another page) or the page is
 * hidden (a reload, a closed tab). `discard` removes it (the person cleared the form), `forGood` too (what
 * it was for is done: a later change or the form's going writes nothing).
 */
export function useDraft<T>(name: string | undefined, current: T, kind: DraftKind<T>, adopt: (value: T) => void) {
  const hydrated = useHydrated();
  // The profile says whose draft it is; asked once React runs the page, from the cache when another page asked.
  const profile = useQuery({ ...userProfileQueryOptions(), enabled: hydrated, staleTime: Infinity });
  const userId = profile.data?.id;
  const key = userId && name ? draftKey(userId, name) : undefined;
  const [loaded, setLoaded] = useState<string>();
  const [restored, setRestored] = useState(false);

  const latest = useRef(current);
  const adoptRef = useRef(adopt);
  const kindRef = useRef(kind);
  useLayoutEffect(() => {
    latest.current = current;
    adoptRef.current = adopt;
    kindRef.current = kind;
  });
  /** Nothing is kept under this key any more (what it was for is done): a later change or the form's going writes nothing. */
  const discarded = useRef<string>(undefined);

  useEffect(() => {
    if (!key) return;
    let live = true;
    void kindRef.current
      .load(draftStore(), key, Date.now())
      .catch(() => undefined)
      .then((kept) => {
        if (!live) return;
        if (kept !== undefined) {
          const { value, taken } = kindRef.current.merge(latest.current, kept);
          kindRef.current.release(kept, value);
          if (taken) {
            adoptRef.current(value);
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
    void kindRef.current.save(draftStore(), key, latest.current, Date.now()).catch(() => undefined);
  }, [key]);

  // Each change, a moment later (a photo at once); the last one at once when the form goes or the page is hidden.
  const pending = useRef(false);
  const savedValue = useRef<T>(undefined);
  useEffect(() => {
    if (!ready) return;
    const before = savedValue.current;
    savedValue.current = current;
    // The first once the draft is read (what was entered before, or restored), then each photo, at once.
    if (before === undefined || kindRef.current.atOnce(before, current)) {
      pending.current = false;
      save();
      return;
    }
    pending.current = true;
    const timer = window.setTimeout(() => {
      pending.current = false;
      save();
    }, DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, save, current]);
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

  /** Removes the draft: the person cleared the form, or (`forGood`) what it was for is done and nothing more is kept from this form. */
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
