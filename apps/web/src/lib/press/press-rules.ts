import { PRESS, withAttribute, type PressStep } from '@rv/contracts/press';

/**
 * What a press on a server-rendered page shows at once, before React runs the page (docs/press.md): the
 * rules the page's inline keeper (press-keeper.ts) and its first script (early-press.ts) both follow, by
 * the attributes a component puts on what it draws (@rv/contracts/press), never by which page it is on.
 * This module is bundled into the inline keeper: it imports nothing but those names.
 */

const BUTTON = 'button, [role="button"]';
/** A slider's arrow keys and the step each one presses. */
const SLIDER_STEPS: Partial<Record<string, PressStep>> = { ArrowRight: 'next', ArrowLeft: 'previous' };

/** The panel a disclosure button (aria-expanded and aria-controls, the WAI-ARIA pattern) shows and hides, when it is one. */
export function disclosurePanel(control: Element): HTMLElement | null {
  const id = control.getAttribute('aria-controls');
  if (!id || !control.hasAttribute('aria-expanded')) return null;
  return document.getElementById(id);
}

/** Opens or closes a disclosure's panel (`open`: the other way from now). */
export function setDisclosure(control: Element, panel: HTMLElement, open = control.getAttribute('aria-expanded') !== 'true') {
  control.setAttribute('aria-expanded', String(open));
  panel.hidden = !open;
}

/**
 * Escape closes each of `opened` (disclosures opened before React ran the page) that is open, the focus back on
 * its button, as the header menu does once React runs it.
 */
export function closeOnEscape(event: KeyboardEvent, opened: Iterable<HTMLElement>) {
  if (event.key !== 'Escape') return;
  for (const control of opened) {
    const panel = disclosurePanel(control);
    if (!panel || control.getAttribute('aria-expanded') !== 'true') continue;
    setDisclosure(control, panel, false);
    control.focus();
  }
}

/** A toggle among choices (aria-pressed in a role=group) shows pressed, and the others in its group not. */
function showChosen(control: HTMLElement) {
  const group = control.hasAttribute('aria-pressed') ? control.closest('[role="group"]') : null;
  if (!group) return;
  for (const toggle of group.querySelectorAll('[aria-pressed]')) toggle.setAttribute('aria-pressed', 'false');
  control.setAttribute('aria-pressed', 'true');
}

/**
 * A slider's step (`PRESS.step`) shows its next or previous image when the slider has its images in the
 * page (their count in `PRESS.slides`, each piece of one marked `PRESS.slide` with its place): that image's
 * pieces shown, every other one hidden.
 */
function showStep(control: HTMLElement) {
  const direction = control.getAttribute(PRESS.step);
  const slider = direction ? control.closest(withAttribute(PRESS.slides)) : null;
  const count = Number(slider?.getAttribute(PRESS.slides));
  if (!slider || !(count > 1)) return;
  const pieces = [...slider.querySelectorAll<HTMLElement>(withAttribute(PRESS.slide))];
  const shown = Number(pieces.find((piece) => !piece.hidden)?.getAttribute(PRESS.slide) ?? 0);
  const next = (shown + (direction === 'next' ? 1 : count - 1)) % count;
  for (const piece of pieces) piece.hidden = Number(piece.getAttribute(PRESS.slide)) !== next;
}

/**
 * A submit button's form that needs a field left empty (a photo not picked, a text not typed): that field's
 * message (`PRESS.requiredFor`: the input's id, or the ids of the inputs it speaks for, space-separated)
 * shown and marked, and the focus on the first such input, as React will do when it carries the press out.
 * True when a message was shown.
 */
function showRequired(control: HTMLElement): boolean {
  const form = control instanceof HTMLButtonElement && control.type === 'submit' ? control.form : null;
  let shown = false;
  for (const message of form?.querySelectorAll<HTMLElement>(withAttribute(PRESS.requiredFor)) ?? []) {
    const empty = (message.getAttribute(PRESS.requiredFor) ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((input) => input instanceof HTMLInputElement && !(input.type === 'file' ? input.files?.length : input.value.trim()));
    if (empty.length === 0) continue;
    message.hidden = false;
    message.setAttribute(PRESS.answer, '');
    if (!shown) empty[0]!.focus();
    shown = true;
  }
  return shown;
}

/**
 * A button whose press is on its way says so by its own label at once: the label marked
 * `PRESS.pendingLabel` shown, and the other label shown before hidden (both marked, to be handed back to React).
 */
function showPendingLabel(control: HTMLElement) {
  const pending = control.querySelector<HTMLElement>(withAttribute(PRESS.pendingLabel));
  if (!pending) return;
  for (const label of pending.parentElement?.children ?? [])
    if (label instanceof HTMLElement && label !== pending && !label.hidden) {
      label.hidden = true;
      label.setAttribute(PRESS.hidden, '');
    }
  pending.hidden = false;
  pending.setAttribute(PRESS.answer, '');
}

/** Shows at once what React will show once it carries a press out, and marks the button as pressed. */
function showPressed(control: HTMLElement) {
  showChosen(control);
  showStep(control);
  showRequired(control);
  showPendingLabel(control);
  control.setAttribute(PRESS.pressed, '');
}

/** A button opening a native dialog gives the dialog's `PRESS.dialogLink` its address (`PRESS.dialogHref`), as React will. */
export function fillDialogLink(control: HTMLElement) {
  const href = control.getAttribute(PRESS.dialogHref);
  const dialog = href ? document.getElementById(control.getAttribute('commandfor') ?? '') : null;
  for (const link of dialog?.querySelectorAll(withAttribute(PRESS.dialogLink)) ?? []) link.setAttribute('href', href ?? '');
}

/**
 * A click before React runs the page, on a button inside `root`: a disclosure opens or closes its panel
 * (`disclosure`); a submit of a form the browser sends shows its required fields' messages (`shown`) or is
 * left to the browser; any other button shows what React will show and is to be kept (`kept`). A button the
 * platform answers itself (`commandfor`: a native <dialog>; its link filled first, fillDialogLink), a disabled
 * one and links are left to the browser (null). React must not half-see a kept press: it goes no further (nor does a submit's form).
 */
export function answerClick(
  event: MouseEvent,
  root: Element | null,
): { disclosure: HTMLElement } | { kept: HTMLElement } | { shown: HTMLElement } | null {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(BUTTON) : null;
  if (!control || !root?.contains(control) || control.matches(':disabled')) return null;
  if (control.hasAttribute('commandfor')) {
    fillDialogLink(control);
    return null;
  }
  // A form the platform sends itself (it has its `action`) is sent by the browser once its required fields are
  // filled; until then their messages answer, and nothing is kept: the person fills them in first.
  const sentByBrowser = control instanceof HTMLButtonElement && control.type === 'submit' && control.form?.hasAttribute('action');
  if (sentByBrowser && !showRequired(control)) return null;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (sentByBrowser) return { shown: control };
  const panel = disclosurePanel(control);
  if (panel) {
    setDisclosure(control, panel);
    return { disclosure: control };
  }
  showPressed(control);
  return { kept: control };
}

/**
 * An arrow key on a slider (`aria-roledescription="slider"`) before React runs the page: a press on its
 * step button, shown and to be kept; not in an application inside it (the brush's painting area takes its
 * own keys). Null for any other key.
 */
export function answerSliderKey(event: KeyboardEvent, root: Element | null): HTMLElement | null {
  const step = SLIDER_STEPS[event.key];
  const target = event.target instanceof Element ? event.target : null;
  if (!step || !target || target.closest('[role="application"]')) return null;
  const slider = target.closest('[aria-roledescription="slider"]');
  const control = slider && root?.contains(slider) ? slider.querySelector<HTMLElement>(withAttribute(PRESS.step, step)) : null;
  if (!control || control.matches(':disabled')) return null;
  event.preventDefault();
  showPressed(control);
  return control;
}

/** A photo picked for a required message shown early takes it away again, as React's form does once a submit was tried. */
export function answerPickedPhoto(event: Event) {
  if (!(event.target instanceof HTMLInputElement) || !event.target.id || !event.target.files?.length) return;
  const message = document.querySelector<HTMLElement>(`${withAttribute(PRESS.answer)}${withAttribute(PRESS.requiredFor, event.target.id)}`);
  if (message) message.hidden = true;
}

/** A group of radios advancing by itself: how to stop it (kept on the element, which the keeper and the page's scripts share). */
interface AdvancingGroup extends HTMLElement {
  rvStopAdvancing?: () => void;
}

/**
 * A group of radio inputs that advances by itself (`PRESS.advance`, `<every ms> <hold ms>`: a carousel's
 * thumbnails): the next radio is checked every `every` ms, by a click, so that a page's own handlers hear it;
 * one a person chooses is held `hold` ms before the advance goes on. The pieces marked `PRESS.slide` with a
 * radio's value are hidden from assistive technology unless that radio is checked (the stylesheet shows the
 * checked one). Started once per group, by the keeper for the page's HTML and by a component for what React
 * draws (a second start gives the first one's stop); it ends when stopped or once the group has left the page.
 */
export function advanceChoices(group: HTMLElement): () => void {
  const advancing = group as AdvancingGroup;
  if (advancing.rvStopAdvancing) return advancing.rvStopAdvancing;
  const [every = 0, hold = 0] = (group.getAttribute(PRESS.advance) ?? '').split(' ').map(Number);
  const radios = () => [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** True while the group checks its next radio itself (a click, which dispatches its change at once). */
  let selfChecking = false;
  const showChecked = () => {
    const checked = radios().find((radio) => radio.checked)?.value ?? '0';
    for (const piece of group.querySelectorAll(withAttribute(PRESS.slide)))
      if (piece.getAttribute(PRESS.slide) === checked) piece.removeAttribute('aria-hidden');
      else piece.setAttribute('aria-hidden', 'true');
  };
  const next = (wait: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!group.isConnected) return stop();
      const all = radios();
      selfChecking = true;
      all[(all.findIndex((radio) => radio.checked) + 1) % all.length]?.click();
      selfChecking = false;
      next(every);
    }, wait);
  };
  const chosen = () => {
    showChecked();
    if (!selfChecking) next(hold);
  };
  const stop = () => {
    clearTimeout(timer);
    group.removeEventListener('change', chosen);
    delete advancing.rvStopAdvancing;
  };
  advancing.rvStopAdvancing = stop;
  group.addEventListener('change', chosen);
  if (every > 0 && radios().length > 1) next(every);
  return stop;
}
