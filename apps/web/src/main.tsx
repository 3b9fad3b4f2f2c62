import './index.css';

const root = document.getElementById('root')!;
const start = () => import('./app/start').then((app) => app.start(root));

/**
 * A page the server rendered is complete on screen without scripts (its links work as they are), so
 * React (fetched at low priority) starts once the page has loaded and painted: its work then never
 * delays the page's first and largest paint. A page the browser draws starts at once.
 */
if (root.hasAttribute('data-rendered')) {
  const afterPaint = () => requestAnimationFrame(() => setTimeout(() => void start()));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
} else void start();
