import { PRESS } from '@rv/contracts/press';
import { startTransition, useEffect, useState } from 'react';

/**
 * False while the server renders a page and while the browser hydrates it, true once React runs the page
 * in the browser: for parts that only the browser can draw (HTML sanitised with the DOM), which a
 * server-rendered page then adds after hydration instead of disagreeing with the server's HTML. That
 * second render is a transition, drawn in short tasks after the hydration's own (not a synchronous render
 * in the task that ends hydration). A part drawn later, or on a page the browser draws, is true at once.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageIsReacts);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** Whether React already runs the page: drawn by the browser, or a server-rendered page already hydrated (root.tsx). */
function pageIsReacts(): boolean {
  if (typeof document === 'undefined') return false;
  const root = document.getElementById('root');
  return !root?.hasAttribute(PRESS.rendered) || root.hasAttribute(PRESS.hydrated);
}
