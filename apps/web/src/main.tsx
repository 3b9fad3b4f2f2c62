import './index.css';
import { holdEarlyPresses } from './lib/early-press';

const root = document.getElementById('root')!;

/**
 * A page the server rendered is on screen before its scripts (ADR 018); this first, small script runs
 * once the HTML is parsed (its largest image already asked for, by the preload at the top of <head>).
 * From here a press on one of its buttons is kept and carried out once React runs the page
 * (lib/early-press.ts); the page's scripts are fetched now, and React hydrates the page in the
 * browser's next idle moment, or at once when a press is waiting (ADR 020). A page the browser draws
 * starts at once (its scripts are preloaded by the HTML).
 */
if (root.hasAttribute('data-rendered')) {
  let pressed: () => void = () => {};
  const pressedOnce = new Promise<void>((resolve) => (pressed = resolve));
  holdEarlyPresses(root, () => pressed());
  // The scripts the page needs, as the server listed them: fetched together, then React starts.
  const scripts = JSON.parse(document.getElementById('page-scripts')?.textContent ?? '[]') as string[];
  for (const href of scripts) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  const idle = () =>
    new Promise<void>((resolve) =>
      'requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 1),
    );
  void import('./app/start').then((app) => app.start(root, () => Promise.race([idle(), pressedOnce])));
} else void import('./app/start').then((app) => app.start(root));
