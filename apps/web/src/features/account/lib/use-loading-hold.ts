import { useEffect, useState } from 'react';

let heldOnce = false;

/**
 * The account loading screen stays at least `ms` on the first load of the page (spec: about 5
 * seconds); coming back to the page in the same visit does not wait again.
 */
export function useLoadingHold(ms: number): boolean {
  const [holding, setHolding] = useState(() => !heldOnce && ms > 0);
  useEffect(() => {
    if (!holding) return;
    const timer = window.setTimeout(() => {
      heldOnce = true;
      setHolding(false);
    }, ms);
    return () => window.clearTimeout(timer);
  }, [holding, ms]);
  return holding;
}
