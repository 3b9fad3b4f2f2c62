import './index.css';

const root = document.getElementById('root')!;
const start = () => import('./app/start').then((app) => app.start(root));

/**
 * A page the server rendered is complete on screen without scripts (its links work as they are), so
 * React is fetched and started once the page has loaded and painted: neither its bytes nor its work then
 * delay the page's first and largest paint. A page the browser draws starts at once (its scripts are
 * preloaded by the HTML).
 */
if (root.hasAttribute('data-rendered')) {
  // The scripts the page needs, as the server listed them: fetched together, then React starts.
  const scripts = JSON.parse(document.getElementById('page-scripts')?.textContent ?? '[]') as string[];
  const fetchScripts = () => {
    for (const href of scripts) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  };
  const afterPaint = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        fetchScripts();
        void start();
      }),
    );
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
} else void start();
