import { PRESS, PRESS_IDS } from '@rv/contracts/press';
import './index.css';
import { paintBeforeReact } from './features/designs/tasks/lib/early-painting';
import { backClosesDialogs } from './lib/dialog-history';
import { holdEarlyPresses } from './lib/press/early-press';
import { fillFromAddress } from './lib/fill-from-address';
import { preloadInTurn } from './lib/preload-in-turn';
import { yieldToBrowser } from './lib/yield-to-browser';

const root = () => document.getElementById('root');

/**
 * A page the server rendered is on screen before its scripts (ADR 018), and its <html> says so. There this
 * first, small script is started by the page's inline keeper once the page has painted, its largest image
 * included (ADR 038): from then on a press on one of the page's buttons is kept (the keeper's queue taken
 * over) and carried out once React runs the page (lib/press/early-press.ts). It fetches the page's scripts at
 * once and React hydrates the page after yielding to the browser once more, or at once when a
 * press is waiting. A page the browser draws starts at once (its scripts are preloaded by the HTML), and
 * keeps the presses made on its app shell the same way.
 */
let pressed: () => void = () => {};
const pressedOnce = new Promise<void>((resolve) => (pressed = resolve));
const rendered = document.documentElement.hasAttribute(PRESS.rendered);
// A brush opened before React runs the page paints at once. First: the painting area's keys are its own.
const paintingHandedOver = rendered ? paintBeforeReact(() => root()?.hasAttribute(PRESS.hydrated) ?? false) : () => {};
// On either kind of page: a press before React runs it is kept (on a page the browser draws, its app shell's menu);
// the early painting's keys go once those presses are carried out.
holdEarlyPresses(root, () => pressed(), paintingHandedOver);
// Back closes an open dialog first, whether React or a button's invoker command opened it (ADR 054).
backClosesDialogs();
if (rendered) {
  // The fields the page's address fills (the checkout's e-mail and name), as React's page will.
  fillFromAddress();
  // The scripts the page needs, as the server listed them (each before the ones it imports), taken from the
  // end: each after what it imports. Asked for in that order, a few links a task (what runs first arrives
  // first), then run one by one, then React starts.
  const scripts = pageScripts().toReversed();
  const yieldUnlessPressed = () => Promise.race([yieldToBrowser(), pressedOnce]);
  void preloadInTurn(scripts, yieldUnlessPressed);
  void evaluateInTurn(scripts, yieldUnlessPressed)
    .then(() => import('./app/start'))
    .then((app) => app.start(root()!, yieldUnlessPressed));
} else void import('./app/start').then((app) => app.start(root()!));

/**
 * The page's scripts run one at a time, each in a task of its own with a yield to the browser between
 * them (at once when a press is waiting), rather than all of them in the one long task in which a module
 * and everything it imports are run. Each script comes after every script it imports (the build's list,
 * apps/web/vite/page-preloads-plugin.ts, read from its end), so each task runs that one script. A script
 * that fails to load is left to React's start, which imports it again and says so.
 */
async function evaluateInTurn(scripts: string[], between: () => Promise<void>) {
  for (const href of scripts) {
    await import(/* @vite-ignore */ href).catch(() => undefined);
    await between();
  }
}

/**
 * The page's scripts as the server listed them (`#page-scripts`, a JSON list of URLs): only the URLs of
 * a list are taken, and anything else lists none (React's start then fetches what it imports). Checked
 * by hand rather than with a zod schema: this first script runs before the page's scripts and carries
 * none of their libraries (ADR 038).
 */
function pageScripts(): string[] {
  let listed: unknown;
  try {
    listed = JSON.parse(document.getElementById(PRESS_IDS.pageScripts)?.textContent ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(listed) ? listed.filter((href): href is string => typeof href === 'string') : [];
}
