/**
 * The DOM attributes and ids of the press mechanism (docs/press.md), in one place: the server writes some of
 * them into a rendered page (serve-web.ts), the components put the others on what they draw, and the
 * page's inline keeper and first script (apps/web/src/lib/press/) read and set them. Every other module
 * imports these names; none spells them.
 */
export const PRESS = {
  /** On <html> and #root: the server rendered this page (its HTML is on screen before any script). */
  rendered: 'data-rendered',
  /** On #root: React runs the page; presses kept before it are carried out then. */
  hydrated: 'data-hydrated',
  /** On a button: pressed before React ran the page, kept to be carried out (styled in index.css). */
  pressed: 'data-early-press',
  /** On a message or label shown before React ran the page, to be handed back to React. */
  answer: 'data-early-answer',
  /** On what was hidden to show an early answer in its place, to be shown again for React. */
  hidden: 'data-early-hidden',
  /** On a button's label that says its press is on its way ('Sharing...'): shown at once when pressed early. */
  pendingLabel: 'data-early-label',
  /** On a field's message for an empty required field: the input's id. Shown at once on an early submit. */
  requiredFor: 'data-required-for',
  /** On a slider's step button: `next` or `previous`. */
  step: 'data-step',
  /** On a slider whose images are all in the page: how many. */
  slides: 'data-slides',
  /** On each piece of a slider's image: its place. */
  slide: 'data-slide',
  /**
   * On a button that opens a native dialog (`commandfor`): the address the dialog's link marked `dialogLink`
   * takes when it opens it (a result's Share: that result's Download in the page's one share dialog).
   */
  dialogHref: 'data-dialog-href',
  /** On a dialog's link whose address the button that opened it gives (`dialogHref`). */
  dialogLink: 'data-dialog-link',
  /**
   * On <html>: every control of this page is answered without React for this visitor (the landing for a visitor
   * without a session: links, radios, native dialogs and forms, the rules), so the keeper starts the page's
   * scripts only when a press needs them (a kept press), not once the page has painted.
   */
  scriptsOnPress: 'data-scripts-on-press',
  /**
   * On a group of radio inputs that advances by itself (a carousel): `<every ms> <hold ms>`. The next radio is
   * checked every `every` ms, and a radio a person chooses is held `hold` ms first; the pieces marked `slide`
   * with its value are shown to assistive technology, the others hidden (`aria-hidden`).
   */
  advance: 'data-advance',
} as const;

/** A slider's step, as `PRESS.step` says it. */
export type PressStep = 'next' | 'previous';

/** The ids of the page data a rendered page carries for its keeper (JSON, not script). */
export const PRESS_IDS = {
  /** The page's first script's URL, which the keeper adds once the page has painted. */
  pageEntry: 'page-entry',
  /** The page's other scripts, which the first script fetches. */
  pageScripts: 'page-scripts',
  /**
   * On a page that runs no script (`PRESS.scriptsOnPress`), whose HTML carries only the rules it uses: the whole
   * stylesheet's URL, which the keeper adds before the first script.
   */
  pageStylesheet: 'page-stylesheet',
} as const;

/** A selector for elements that carry `attribute` (with `value` when given). */
export const withAttribute = (attribute: string, value?: string) =>
  value === undefined ? `[${attribute}]` : `[${attribute}="${value.replace(/["\\]/g, '\\$&')}"]`;
