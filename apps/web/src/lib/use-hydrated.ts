import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true once React runs the page
 * in the browser: for parts that only the browser can draw (HTML sanitised with the DOM), which a
 * server-rendered page then adds after hydration instead of disagreeing with the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
