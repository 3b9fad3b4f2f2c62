import { PRESS, PRESS_IDS, withAttribute } from '@rv/contracts/press';
import { advanceChoices, answerClick, answerPickedPhoto, answerSliderKey, closeOnEscape } from './press-rules';

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
 * - it starts the groups of radios that advance by themselves (`PRESS.advance`, a carousel) on their way;
 * - it starts the page's first script (its URL in `#page-entry`, on a page the server rendered) only once
 *   the page has painted: after its largest image (the one the <head> preloads) has painted, or at `load`
 *   and its first paint when that comes first, in a task of its own; on a page marked `PRESS.scriptsOnPress`
 *   (every control answered without React for this visitor), only once a press is kept. Nothing is fetched or run for the
 *   scripts before that, so the first paint and the largest one wait for nothing but the HTML and that image.
 */
export function keepPresses() {
  const queue: HTMLElement[] = [];
  window.__rvPresses = queue;
  const on = () => window.__rvPresses === queue;
  const root = () => document.getElementById('root');
  const startScripts = scriptStarter();
  // A page every control of which is answered without React for this visitor starts its scripts on the first
  // press that needs them; any other, once it has painted.
  const onPress = document.documentElement.hasAttribute(PRESS.scriptsOnPress);
  const keep = (control: HTMLElement) => {
    queue.push(control);
    if (onPress) startScripts();
  };
  // The disclosures this keeper opened or closed: Escape closes those open (a visitor's landing, which may never
  // run the first script, included).
  const disclosures = new Set<HTMLElement>();
  document.addEventListener(
    'click',
    (event) => {
      const answered = on() ? answerClick(event, root()) : null;
      if (answered && 'kept' in answered) keep(answered.kept);
      if (answered && 'disclosure' in answered) disclosures.add(answered.disclosure);
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (!on()) return;
      const control = answerSliderKey(event, root());
      if (control) keep(control);
      else closeOnEscape(event, disclosures);
    },
    true,
  );
  document.addEventListener('change', (event) => on() && answerPickedPhoto(event), true);
  // The page's groups of radios that advance by themselves (a carousel) advance from the start.
  document.addEventListener('DOMContentLoaded', () => {
    for (const group of document.querySelectorAll<HTMLElement>(withAttribute(PRESS.advance))) advanceChoices(group);
  });
  if (!onPress) startOncePainted(startScripts);
}

/**
 * A URL the server wrote as page data: the element's text, a JSON string; null without one (`#page-entry`,
 * `#page-stylesheet`). Checked by hand, not through readJson and a schema (@rv/contracts/json): this module is
 * inlined into every page's HTML, and zod would multiply its few bytes.
 */
function pageUrl(id: string): string | null {
  try {
    const value: unknown = JSON.parse(document.getElementById(id)?.textContent ?? '');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * What adds the page's first script (`#page-entry`), once, in a task of its own. On a page whose HTML carries
 * only the rules it uses (`#page-stylesheet`: a visitor's landing, ADR 069), the whole stylesheet first, and the
 * script once it has loaded (or failed): what React draws then is styled.
 */
function scriptStarter(): () => void {
  let started = false;
  const addScript = () => {
    const src = pageUrl(PRESS_IDS.pageEntry);
    if (!src) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.appendChild(script);
  };
  const add = () => {
    const href = pageUrl(PRESS_IDS.pageStylesheet);
    if (!href) return addScript();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = addScript;
    document.head.appendChild(link);
  };
  // In a task of its own: a message, which no test's fake clock holds.
  return () => {
    if (started) return;
    started = true;
    if (!window.MessageChannel) return void setTimeout(add, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = add;
    channel.port2.postMessage(0);
  };
}

/** Starts the page's first script (`go`) once the page has painted. */
function startOncePainted(go: () => void) {
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
