import { startTransition, useEffect, useState } from 'react';

/** Code loaded on first need: asked once (again after a failure), and what it gave once it has. */
export interface Importer<T> {
  ask: () => Promise<T>;
  loaded: () => T | undefined;
}

/** An Importer of what `load` gives (a module-level one per piece of code). */
export function importer<T>(load: () => Promise<T>): Importer<T> {
  let asking: Promise<T> | undefined;
  let value: T | undefined;
  return {
    ask: () =>
      (asking ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          asking = undefined;
          throw error;
        },
      )),
    loaded: () => value,
  };
}

/**
 * Code for a component that draws something else until it is in: null until `code`, asked once
 * `enabled`, has come (then in a transition; at once when it came before). Not React's `lazy` and a
 * Suspense boundary: once a boundary has shown its fallback, React reveals what it waited for no sooner
 * than 300 ms later, a wait the code does not need. A failed load is thrown while drawing, for the app's
 * error screen; a later use asks again.
 */
export function useImported<T>(code: Importer<T>, enabled: boolean): T | null {
  const [value, setValue] = useState<T | null>(() => code.loaded() ?? null);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!enabled || value !== null) return;
    let mounted = true;
    code.ask().then(
      (loaded) => mounted && startTransition(() => setValue(() => loaded)),
      (error: unknown) => mounted && setFailed({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [code, enabled, value]);
  if (failed) throw failed.error;
  return value;
}
