/** What the first-click recorder notes in a document (epoch milliseconds), read by the bench as `window.__firstClick`. */
export interface Recorded {
  fcp: number | null;
  hydratedAt: number | null;
  pressAt: number | null;
  shownAt: number | null;
  doneAt: number | null;
  outcome: string | null;
  /** A press made in the previous document, which navigated here. */
  arrived: { pressAt: number; at: number; outcome: string } | null;
}
