import { PRESS, withAttribute } from '@rv/contracts/press';
import { answerClick, answerPickedPhoto, answerSliderKey, closeOnEscape, disclosurePanel } from './press-rules';

/**
 * Every press counts on a page the server rendered (docs/press.md). Its links work before React does; a
 * button pressed before React has taken over the page (`#root[data-hydrated]`) is answered at once by the
 * rules of press-rules.ts, first by the page's inline keeper (press-keeper.ts) and, once this first script
 * has arrived, here, and kept: once React runs the page, a disclosure left open is clicked once more (so
 * that React's state agrees with what is on screen), what was shown early is handed back to React, and
 * every kept press is carried out, a click on the same button in the order pressed. Escape closes a
 * disclosure opened early.
 */

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
  const hydrated = () => rootNow()?.hasAttribute(PRESS.hydrated) ?? false;

  /** Notes `control` and where it is in `presses`, once (a second press on it is the same one), but a slider's every step. */
  const note = (presses: HeldPress[], control: HTMLElement) => {
    if (control.hasAttribute(PRESS.step) || !presses.some((press) => press.control === control))
      presses.push({ control, id: control.id, path: placeUnder(rootNow(), control), text: control.textContent ?? '' });
  };

  /** Keeps a press on `control` to carry out once React runs the page. */
  const hold = (control: HTMLElement) => {
    note(held, control);
    control.setAttribute(PRESS.pressed, '');
    onPress();
  };

  const onClick = (event: MouseEvent) => {
    const answered = hydrated() ? null : answerClick(event, rootNow());
    if (!answered) return;
    if ('disclosure' in answered) note(disclosures, answered.disclosure);
    else if ('kept' in answered) hold(answered.kept);
  };
  /** Disclosures opened or closed early: where each was, to open the one React draws when it was left open. */
  const disclosures: HeldPress[] = [];

  // A slider's arrow keys press its step buttons; Escape closes a disclosure opened early, focus back on
  // its button (as the header menu does).
  const onKeyDown = (event: KeyboardEvent) => {
    if (hydrated()) return;
    const step = answerSliderKey(event, rootNow());
    if (step) return hold(step);
    closeOnEscape(
      event,
      disclosures.map(({ control }) => control),
    );
  };

  const onChange = (event: Event) => {
    if (!hydrated()) answerPickedPhoto(event);
  };

  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('change', onChange, true);
  // Presses taken before this script arrived by the page's inline keeper (press-keeper.ts), in the order they were made: kept here as if made now. Setting its queue to
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
    // Left open: React's state is told by a click on it, or (React drew the page anew, as on a page the
    // browser draws) on the one in its place, which React drew closed. At once, in this microtask after the
    // mark: React answers presses from now on, and a press in a task before this (a person's Sign In just as
    // React took over) met React's state of a closed disclosure over the open one on screen: log-in's password,
    // opened early and typed in, was not sent, and a sign-in link went instead (seen on a slow machine).
    for (const press of disclosures) {
      const target = press.control.getAttribute('aria-expanded') === 'true' ? pressTarget(press, rootNow()) : null;
      if (target && (target === press.control || target.getAttribute('aria-expanded') !== 'true')) target.click();
    }
    // The mark is set in the first commit's last effect (Root's), so every component's effects have run;
    // what they set in the state (a photo picked before React ran, adopted in a layout effect, and the
    // disclosures' clicks above) may still be rendering in this task's microtasks. The kept presses are carried
    // out two tasks on, once React has drawn what those clicks changed (log-in's password opened early: Sign In
    // then sends it; the brush opened early: its code and canvas, before the painting's kept keys are pressed).
    setTimeout(() => {
      setTimeout(() => {
        // A message or label shown early goes back to React's hands: hidden, and what it hid shown again, as
        // React drew them, just before the press that asked for it is carried out (React then shows it
        // itself, or sends the form).
        for (const answer of document.querySelectorAll<HTMLElement>(withAttribute(PRESS.answer))) {
          answer.hidden = true;
          answer.removeAttribute(PRESS.answer);
        }
        for (const shown of document.querySelectorAll<HTMLElement>(withAttribute(PRESS.hidden))) {
          shown.hidden = false;
          shown.removeAttribute(PRESS.hidden);
        }
        for (const press of held) {
          press.control.removeAttribute(PRESS.pressed);
          pressTarget(press, rootNow())?.click();
        }
        onHandedOver();
      }, 0);
    }, 0);
  });
  // The whole document, as #root may not be parsed yet.
  whenHydrated.observe(document.documentElement, { attributes: true, attributeFilter: [PRESS.hydrated], subtree: true });
}
