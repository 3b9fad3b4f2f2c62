/**
 * Back closes an open dialog first (ADR 054). The app's dialogs are the platform's <dialog> (ADR
 * 048), opened by React or by a button's invoker command before React runs (ADR 049); whichever opens one,
 * its `open` attribute says so. When one opens, an entry is pushed on the browser's history (same address,
 * its state marked with the dialog); Back then lands below it, and the dialog is asked to close (its
 * `cancel`, as Escape does: its owner may refuse, a delete in flight, and the entry is pushed again) while
 * the router never hears of it. A dialog closed any other way (its button, Escape) takes its entry back
 * off, so no stray entry is left for Back to land on; a dialog closed by leaving the page (a link in it)
 * leaves its entry under the new page's, as any page does.
 */
const MARK = 'rvDialog';

/** One open dialog and the id its history entry carries. */
interface Shown {
  dialog: HTMLDialogElement;
  id: string;
}

const markOf = (state: unknown): unknown => (state && typeof state === 'object' ? (state as Record<string, unknown>)[MARK] : undefined);

export function backClosesDialogs(): () => void {
  const win = window;
  const load = Math.random().toString(36).slice(2, 8);
  let count = 0;
  const shown: Shown[] = [];
  /** Popstates this module caused itself (taking a closed dialog's entry off), not for the router. */
  let ownPops = 0;
  /** A dialog closed by its button whose entry is still on top: taken off in a moment, unless another dialog takes it over. */
  let leaving: { id: string; timer: number } | null = null;

  const pushFor = (dialog: HTMLDialogElement) => {
    const id = `${load}-${++count}`;
    const state: unknown = history.state;
    if (leaving && markOf(state) === leaving.id) {
      // One dialog gives way to another (a list's Save opens as the list closes): the entry is the new one's.
      win.clearTimeout(leaving.timer);
      leaving = null;
      history.replaceState({ ...(state as object), [MARK]: id }, '');
    } else {
      history.pushState({ ...(state && typeof state === 'object' ? state : {}), [MARK]: id }, '');
    }
    shown.push({ dialog, id });
  };

  const opened = (dialog: HTMLDialogElement) => {
    if (!shown.some((entry) => entry.dialog === dialog)) pushFor(dialog);
  };

  const closed = (dialog: HTMLDialogElement) => {
    const index = shown.findIndex((entry) => entry.dialog === dialog);
    if (index < 0) return;
    const [entry] = shown.splice(index, 1);
    if (markOf(history.state) !== entry!.id) return;
    const timer = win.setTimeout(() => {
      if (leaving?.id !== entry!.id) return;
      leaving = null;
      if (markOf(history.state) !== entry!.id) return;
      ownPops += 1;
      history.back();
    }, 0);
    leaving = { id: entry!.id, timer };
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target;
      if (!(target instanceof HTMLDialogElement)) continue;
      if (target.open) opened(target);
      else closed(target);
    }
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['open'], subtree: true });
  // A dialog open before this started (opened by its invoker command at first paint).
  for (const dialog of document.querySelectorAll('dialog[open]')) opened(dialog as HTMLDialogElement);

  const onPopState = (event: PopStateEvent) => {
    if (ownPops > 0) {
      ownPops -= 1;
      event.stopImmediatePropagation();
      return;
    }
    const top = shown.at(-1);
    // Back from the top dialog's entry lands below it: the dialog closes, the page stays.
    if (!top || markOf(event.state) === top.id) return;
    event.stopImmediatePropagation();
    shown.pop();
    const cancel = new Event('cancel', { cancelable: true });
    top.dialog.dispatchEvent(cancel);
    if (!cancel.defaultPrevented) top.dialog.close();
    // Its owner kept it open (a delete in flight): Back still has a dialog to close.
    win.setTimeout(() => {
      if (top.dialog.open && top.dialog.isConnected) pushFor(top.dialog);
    }, 0);
  };
  // Before the router's own listener (capture on the window runs first), so that it never sees these.
  win.addEventListener('popstate', onPopState, { capture: true });

  return () => {
    observer.disconnect();
    win.removeEventListener('popstate', onPopState, { capture: true });
    if (leaving) win.clearTimeout(leaving.timer);
  };
}
