/**
 * Photos picked or dropped whose first bytes are still being checked (useUploadDropZone reads them before it
 * takes a file). A form sent in that moment waits for them, so a press right after a pick is not met by a
 * form that has no photo yet.
 */
const checking = new Set<Promise<void>>();

/** Notes a pick being checked, until its check is over. */
export function noteCheckingPick(check: Promise<void>): void {
  checking.add(check);
  void check.finally(() => checking.delete(check));
}

/** When picks are being checked: the moment all are over (taken in or refused). */
export function picksBeingChecked(): Promise<void> | null {
  return checking.size > 0 ? Promise.allSettled([...checking]).then(() => undefined) : null;
}
