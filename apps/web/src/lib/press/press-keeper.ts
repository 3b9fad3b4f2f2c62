import { PRESS_IDS } from '@rv/contracts/press';
import { answerClick, answerPickedPhoto, answerSliderKey } from './press-rules';

declare global {
  interface Window {
    /** The presses the page's inline keeper took before the first script arrived; null once that script took them over. */
    __rvPresses?: HTMLElement[] | null;
  }
}

/**
 * The page's inline keeper (docs/press.md): the few bytes every page runs before its first paint, a classic
 * script inline at the top of its <body> (the web build puts it there from this module,
 * vite/press-keeper-plugin.ts; the CSP allows it by its hash). It paints nothing and does two things:
 * - it keeps presses from the first paint on, by the rules of press-rules.ts: a disclosure opens or closes
 *   at once; any other button inside #root shows what React will show, is marked and queued in
 *   `window.__rvPresses` until the page's first script (early-press.ts) takes the queue over (setting it to
 *   null, which turns this one off) and carries those presses out once React runs the page;
 * - it starts the page's first script (its URL in `#page-entry`, on a page the server rendered) only once
 *   the page has painted: after its largest image (the one the <head> preloads) has painted, or at `load`
 *   and its first paint when that comes first, in a task of its own. Nothing is fetched or run for the
 *   scripts before that, so the first paint and the largest one wait for nothing but the HTML and that image.
 */
export function keepPresses() {
  const queue: HTMLElement[] = [];
  window.__rvPresses = queue;
  const on = () => window.__rvPresses === queue;
  const root = () => document.getElementById('root');
  document.addEventListener(
    'click',
    (event) => {
      const answered = on() ? answerClick(event, root()) : null;
      if (answered && 'kept' in answered) queue.push(answered.kept);
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const control = on() ? answerSliderKey(event, root()) : null;
      if (control) queue.push(control);
    },
    true,
  );
  document.addEventListener('change', (event) => on() && answerPickedPhoto(event), true);
  startOncePainted();
}

/**
 * The first script's URL: `#page-entry`'s text, a JSON string the server wrote; null without one. Checked by
 * hand, not through readJson and a schema (@rv/contracts/json): this module is inlined into every page's
 * HTML, and zod would multiply its few bytes.
 */
function pageEntryUrl(text: string | null | undefined): string | null {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Adds the page's first script (`#page-entry`) once the page has painted, in a task of its own. */
function startOncePainted() {
  let started = false;
  const add = () => {
    const src = pageEntryUrl(document.getElementById(PRESS_IDS.pageEntry)?.textContent);
    if (!src) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.appendChild(script);
  };
  // In a task of its own: a message, which no test's fake clock holds.
  const go = () => {
    if (started) return;
    started = true;
    if (!window.MessageChannel) return void setTimeout(add, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = add;
    channel.port2.postMessage(0);
  };
  const Observer = window.PerformanceObserver;
  const types = Observer?.supportedEntryTypes ?? [];
  const once = (type: string, done: (entries: PerformanceEntryList) => boolean) =>
    new Observer((list, observer) => {
      if (!done(list.getEntries())) return;
      observer.disconnect();
      go();
    }).observe({ type, buffered: true });
  // The largest image has painted (an image entry, and a large one: not the logo's).
  if (document.querySelector('link[rel=preload][as=image]') && types.includes('largest-contentful-paint'))
    once('largest-contentful-paint', (entries) =>
      entries.some((entry) => 'url' in entry && entry.url && 'size' in entry && Number(entry.size) > 2e4),
    );
  // Otherwise (no such image, or one that is not the largest paint, as on a wide screen, or failed): at
  // load, once the first paint is done; at once in a hidden tab, which does not paint. No timer: a test's
  // fake clock holds none.
  addEventListener('load', () => {
    if (document.hidden || !types.includes('paint')) go();
    else once('paint', (entries) => entries.length > 0);
  });
}
