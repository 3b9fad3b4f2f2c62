import './index.css';
import { holdEarlyPresses } from './lib/early-press';

const root = () => document.getElementById('root');

/**
 * A page the server rendered is on screen before its scripts (ADR 018), and its <html> says so. There this
 * first, small script is `async` (ADR 026): it runs as soon as it has arrived, while the rest of the page
 * may still be arriving, and from then on a press on one of the page's buttons is kept and carried out
 * once React runs the page (lib/early-press.ts). Once the HTML is parsed, the page's scripts are fetched
 * as soon as its largest image has painted (not at `load`, which waits for every image), and React
 * hydrates the page in the browser's next idle moment, or at once when a press is waiting (ADR 020). A
 * page the browser draws starts at once (its scripts are preloaded by the HTML).
 */
if (document.documentElement.hasAttribute('data-rendered')) {
  let pressed: () => void = () => {};
  const pressedOnce = new Promise<void>((resolve) => (pressed = resolve));
  holdEarlyPresses(root, () => pressed());
  const idle = () =>
    new Promise<void>((resolve) =>
      'requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 1),
    );
  const fetchAndStart = () => {
    // The scripts the page needs, as the server listed them: fetched together, then React starts.
    const scripts = JSON.parse(document.getElementById('page-scripts')?.textContent ?? '[]') as string[];
    for (const href of scripts) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    void import('./app/start').then((app) => app.start(root()!, () => Promise.race([idle(), pressedOnce])));
  };
  // The largest-paint entry is reported once that frame is on screen: no timer needed (nor one a test's fake clock holds).
  void parsed()
    .then(largestImagePainted)
    .then(fetchAndStart);
} else void import('./app/start').then((app) => app.start(root()!));

/** Resolves once the whole HTML has been parsed (at once when it already has). */
function parsed(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
}

/**
 * Resolves once the page's largest image (the one its HTML preloads) has painted, by the browser's own
 * largest-paint entries; at `load` for a page without one, or whose image never reports.
 */
function largestImagePainted(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') return resolve();
    window.addEventListener('load', () => resolve(), { once: true });
    if (!document.querySelector('link[rel="preload"][as="image"]') || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint'))
      return;
    new PerformanceObserver((list, observer) => {
      // An image's entry (it has a URL), and a large one: not the logo's.
      const entries = list.getEntries() as (PerformanceEntry & { url?: string; size?: number })[];
      if (!entries.some((entry) => entry.url && (entry.size ?? 0) > 20_000)) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
