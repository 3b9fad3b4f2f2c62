/**
 * Every press counts on a page the server rendered (ADR 020). Its links work before React does; a
 * button pressed before React has taken over the page (`#root[data-hydrated]`) is handled here, by the
 * page's first, small script:
 * - a disclosure (a button with aria-expanded and aria-controls, the WAI-ARIA pattern: the header menu)
 *   opens or closes its panel at once (aria-expanded, the panel's `hidden`); once React runs the page, a
 *   disclosure left open is clicked once more, so that React's state agrees with what is on screen;
 * - any other button shows at once that it was pressed (`data-early-press`, styled in index.css), and
 *   its press is carried out once React runs the page: a click on the same button, in the order pressed;
 *   a toggle in a group of choices (aria-pressed inside role=group: the thumbs of 'How did we do?') is also
 *   shown pressed at once, its siblings not, as React will show it once it has carried the press out;
 * - an arrow key on a slider (`aria-roledescription="slider"`) is a press on its step button
 *   (`data-step="next"` or `"previous"`), kept the same way, unless it is pressed in an application inside
 *   the slider (the brush's painting area, whose keys are its own); a slider whose images are all in the page
 *   (`data-slides`, the results' ImageSlider) shows the next or previous one at once, as React will. Each
 *   step counts: two presses on Next are two images on;
 * - a button that says by its own label that its press is on its way (its labels are spans, the one it
 *   shows while the press is sent marked `data-early-label`: 'Share your room with us!' and 'Sharing...')
 *   shows that label at once, the one before hidden; once React runs the page they are put back just
 *   before the press is carried out, and React shows the same label itself;
 * - a form's submit button, pressed while a field the form needs is empty (its message is in the page,
 *   hidden, `data-required-for` naming the input: the tool forms' photo, log-in's e-mail), shows that message at once and moves the
 *   focus to the input. Once React runs the page the message is hidden again just before the press is
 *   carried out, and React shows it, or sends the form when a photo was picked meanwhile.
 */

declare global {
  interface Window {
    /** The presses the page's inline keeper (the server's web/press-keeper.ts) took before this script arrived; null once taken over. */
    __rvPresses?: HTMLElement[] | null;
  }
}

const BUTTON = 'button, [role="button"]';
/** A slider's arrow keys and the step button each one presses (`data-step`). */
const SLIDER_STEPS: Partial<Record<string, 'next' | 'previous'>> = { ArrowRight: 'next', ArrowLeft: 'previous' };
export const EARLY_PRESS_MARK = 'data-early-press';
/** A message shown by this script (or the page's keeper) before React ran, to be handed back to React. */
export const EARLY_ANSWER_MARK = 'data-early-answer';
/** What this script (or the page's keeper) hid to show an early answer in its place, to be shown again for React. */
export const EARLY_HIDDEN_MARK = 'data-early-hidden';

/** The panel a disclosure button shows and hides, when it is one. */
function disclosurePanel(control: Element): HTMLElement | null {
  const id = control.getAttribute('aria-controls');
  if (!id || !control.hasAttribute('aria-expanded')) return null;
  return document.getElementById(id);
}

/** A toggle among choices (aria-pressed in a role=group) shows pressed, and the others in its group not. */
function showChosen(control: HTMLElement) {
  const group = control.hasAttribute('aria-pressed') ? control.closest('[role="group"]') : null;
  if (!group) return;
  for (const toggle of group.querySelectorAll('[aria-pressed]')) toggle.setAttribute('aria-pressed', 'false');
  control.setAttribute('aria-pressed', 'true');
}

/**
 * A slider's step (`data-step`) shows its next or previous image when the slider has its images in the page
 * (their count in `data-slides`, each piece of one marked `data-slide` with its place): that image's pieces
 * shown, every other one hidden.
 */
function showStep(control: HTMLElement) {
  const direction = control.getAttribute('data-step');
  const slider = direction ? control.closest('[data-slides]') : null;
  const count = Number(slider?.getAttribute('data-slides'));
  if (!slider || !(count > 1)) return;
  const pieces = [...slider.querySelectorAll<HTMLElement>('[data-slide]')];
  const shown = Number(pieces.find((piece) => !piece.hidden)?.getAttribute('data-slide') ?? 0);
  const next = (shown + (direction === 'next' ? 1 : count - 1)) % count;
  for (const piece of pieces) piece.hidden = Number(piece.getAttribute('data-slide')) !== next;
}

/**
 * A button whose press is on its way says so by its own label at once: the label marked `data-early-label`
 * shown, and the other label shown before hidden (both marked, to be handed back to React).
 */
function showPendingLabel(control: HTMLElement) {
  const pending = control.querySelector<HTMLElement>('[data-early-label]');
  for (const label of pending?.parentElement?.children ?? [])
    if (label instanceof HTMLElement && label !== pending && !label.hidden) {
      label.hidden = true;
      label.setAttribute(EARLY_HIDDEN_MARK, '');
    }
  if (!pending) return;
  pending.hidden = false;
  pending.setAttribute(EARLY_ANSWER_MARK, '');
}

/**
 * A submit button's form that needs a field left empty (a photo not picked, a text not typed): that field's
 * message (`data-required-for`, the input's id) shown and marked, and the focus on the input, as React will
 * do when it carries the press out.
 */
function showRequired(control: HTMLElement) {
  const form = control instanceof HTMLButtonElement && control.type === 'submit' ? control.form : null;
  for (const message of form?.querySelectorAll<HTMLElement>('[data-required-for]') ?? []) {
    const input = document.getElementById(message.getAttribute('data-required-for') ?? '');
    if (!(input instanceof HTMLInputElement) || (input.type === 'file' ? input.files?.length : input.value.trim())) continue;
    message.hidden = false;
    message.setAttribute(EARLY_ANSWER_MARK, '');
    input.focus();
  }
}

/** Where a held control was: its id, and its place under #root (child indices), to find it again if React replaced it. */
interface HeldPress {
  control: HTMLElement;
  id: string;
  path: number[];
  text: string;
}

function placeUnder(root: Element | null, control: HTMLElement): number[] {
  const path: number[] = [];
  for (let node: Element = control; root && node !== root && node.parentElement; node = node.parentElement)
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  return path;
}

/**
 * The control to press once React runs the page: the one pressed, or, when React replaced the page's
 * HTML instead of adopting it (a hydration that fell back to drawing the page anew), the control now in
 * its place (same id; else same place, tag and text). Without this the press went to a detached button
 * and was lost without a word.
 */
function pressTarget(held: HeldPress, root: HTMLElement | null): HTMLElement | null {
  if (held.control.isConnected) return held.control;
  if (!root) return null;
  if (held.id) {
    const byId = document.getElementById(held.id);
    return byId && root.contains(byId) ? byId : null;
  }
  let node: Element | undefined = root;
  for (const index of held.path) node = node?.children[index];
  return node instanceof HTMLElement && node.tagName === held.control.tagName && node.textContent === held.text ? node : null;
}

/**
 * Starts holding presses. `root` may be given as a function: the first script runs as soon as it has
 * arrived, while the page may still be being parsed (`#root` not there yet), so that a press on what is
 * already painted is kept too.
 */
export function holdEarlyPresses(
  root: HTMLElement | (() => HTMLElement | null),
  onPress: () => void = () => {},
  /** Once React runs the page and every kept press has been carried out (the early painting's keys go then). */
  onHandedOver: () => void = () => {},
): void {
  const held: HeldPress[] = [];
  const rootNow = typeof root === 'function' ? root : () => root;
  const hydrated = () => rootNow()?.hasAttribute('data-hydrated') ?? false;

  /** Notes `control` and where it is in `presses`, once (a second press on it is the same one), but a slider's every step. */
  const note = (presses: HeldPress[], control: HTMLElement) => {
    if (control.hasAttribute('data-step') || !presses.some((press) => press.control === control))
      presses.push({ control, id: control.id, path: placeUnder(rootNow(), control), text: control.textContent ?? '' });
  };

  /** Keeps a press on `control` to carry out once React runs the page. */
  const hold = (control: HTMLElement) => {
    note(held, control);
    control.setAttribute(EARLY_PRESS_MARK, '');
    onPress();
  };

  const onClick = (event: MouseEvent) => {
    if (hydrated()) return;
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(BUTTON) : null;
    // A button the platform answers itself (`commandfor`: a native <dialog> opens or closes) is left to it (ADR 038).
    if (!control || !rootNow()?.contains(control) || control.matches(':disabled') || control.hasAttribute('commandfor')) return;
    // Nobody is listening yet: React must not half-see the press (a submit button's form must not go either).
    event.preventDefault();
    event.stopImmediatePropagation();
    const panel = disclosurePanel(control);
    if (panel) {
      const open = control.getAttribute('aria-expanded') !== 'true';
      control.setAttribute('aria-expanded', String(open));
      panel.hidden = !open;
      note(disclosures, control);
      return;
    }
    showChosen(control);
    showStep(control);
    showRequired(control);
    showPendingLabel(control);
    hold(control);
  };
  /** Disclosures opened or closed early: where each was, to open the one React draws when it was left open. */
  const disclosures: HeldPress[] = [];

  // Escape closes a disclosure opened early, focus back on its button (as the header menu does); a slider's
  // arrow keys press its step buttons.
  const onKeyDown = (event: KeyboardEvent) => {
    if (hydrated()) return;
    const step = SLIDER_STEPS[event.key];
    // An application inside a slider (the brush's painting area) takes its own arrow keys.
    if (step && !(event.target instanceof Element && event.target.closest('[role="application"]'))) {
      const slider = event.target instanceof Element ? event.target.closest('[aria-roledescription="slider"]') : null;
      const control = slider && rootNow()?.contains(slider) ? slider.querySelector<HTMLElement>(`[data-step="${step}"]`) : null;
      if (!control || control.matches(':disabled')) return;
      event.preventDefault();
      showStep(control);
      hold(control);
      return;
    }
    if (event.key !== 'Escape') return;
    for (const { control } of disclosures) {
      const panel = disclosurePanel(control);
      if (!panel || control.getAttribute('aria-expanded') !== 'true') continue;
      control.setAttribute('aria-expanded', 'false');
      panel.hidden = true;
      control.focus();
    }
  };

  // A photo picked for a message shown early takes it away again, as React's form does once a submit was tried.
  const onChange = (event: Event) => {
    if (hydrated() || !(event.target instanceof HTMLInputElement) || !event.target.files?.length) return;
    const message = document.querySelector<HTMLElement>(`[${EARLY_ANSWER_MARK}][data-required-for="${CSS.escape(event.target.id)}"]`);
    if (message) message.hidden = true;
  };

  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('change', onChange, true);
  // Presses taken before this script arrived by the page's inline keeper (the server's
  // web/press-keeper.ts), in the order they were made: kept here as if made now. Setting its queue to
  // null turns the keeper off.
  const kept = window.__rvPresses ?? [];
  window.__rvPresses = null;
  // The keeper opens a disclosure itself: one it left open is this script's to close (Escape) and to hand to React.
  for (const control of document.querySelectorAll<HTMLElement>('#root [aria-controls][aria-expanded="true"]'))
    if (disclosurePanel(control)?.hidden === false) note(disclosures, control);
  // The keeper showed what each of its presses does at once, as this script does; they are only kept here.
  for (const control of kept) hold(control);
  const whenHydrated = new MutationObserver(() => {
    if (!hydrated()) return;
    whenHydrated.disconnect();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('change', onChange, true);
    // The mark is set in the first commit's last effect (Root's), so every component's effects have run;
    // what they set in the state (a photo picked before React ran, adopted in a layout effect) may still be
    // rendering in this task's microtasks. The presses are carried out in the next task, on that state.
    setTimeout(() => {
      // Left open: React's state is told by a click on it, or (React drew the page anew, as on a page the
      // browser draws) on the one in its place, which React drew closed.
      for (const press of disclosures) {
        const target = press.control.getAttribute('aria-expanded') === 'true' ? pressTarget(press, rootNow()) : null;
        if (target && (target === press.control || target.getAttribute('aria-expanded') !== 'true')) target.click();
      }
      // The presses in the task after, once React has drawn what those clicks changed (log-in's password
      // opened early: Sign In then sends it).
      setTimeout(() => {
        // A message or label shown early goes back to React's hands: hidden, and what it hid shown again, as
        // React drew them, just before the press that asked for it is carried out (React then shows it
        // itself, or sends the form).
        for (const answer of document.querySelectorAll<HTMLElement>(`[${EARLY_ANSWER_MARK}]`)) {
          answer.hidden = true;
          answer.removeAttribute(EARLY_ANSWER_MARK);
        }
        for (const shown of document.querySelectorAll<HTMLElement>(`[${EARLY_HIDDEN_MARK}]`)) {
          shown.hidden = false;
          shown.removeAttribute(EARLY_HIDDEN_MARK);
        }
        for (const press of held) {
          press.control.removeAttribute(EARLY_PRESS_MARK);
          pressTarget(press, rootNow())?.click();
        }
        onHandedOver();
      }, 0);
    }, 0);
  });
  // The whole document, as #root may not be parsed yet.
  whenHydrated.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
}
