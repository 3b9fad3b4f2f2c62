import './index.css';
import { holdEarlyPresses } from './lib/early-press';

const root = () => document.getElementById('root');

/**
 * A page the server rendered is on screen before its scripts (ADR 018), and its <html> says so. There this
 * first, small script is started by the page's inline keeper once the page has painted, its largest image
 * included (ADR 038): from then on a press on one of the page's buttons is kept (the keeper's queue taken
 * over) and carried out once React runs the page (lib/early-press.ts). It fetches the page's scripts at
 * once and React hydrates the page after yielding to the browser once more, or at once when a
 * press is waiting. A page the browser draws starts at once (its scripts are preloaded by the HTML), and
 * keeps the presses made on its app shell the same way.
 */
let pressed: () => void = () => {};
const pressedOnce = new Promise<void>((resolve) => (pressed = resolve));
// On either kind of page: a press before React runs it is kept (on a page the browser draws, its app shell's menu).
holdEarlyPresses(root, () => pressed());
if (document.documentElement.hasAttribute('data-rendered')) {
  // The scripts the page needs, as the server listed them: fetched together, then React starts.
  for (const href of pageScripts()) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  void import('./app/start').then((app) => app.start(root()!, () => Promise.race([yieldToBrowser(), pressedOnce])));
} else void import('./app/start').then((app) => app.start(root()!));

/**
 * Resolves in a later task, after what the browser had waiting (a press, a frame): `scheduler.yield()`
 * where there is one, else a message to ourselves (which no test's fake clock holds, unlike a timer).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
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
    listed = JSON.parse(document.getElementById('page-scripts')?.textContent ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(listed) ? listed.filter((href): href is string => typeof href === 'string') : [];
}
