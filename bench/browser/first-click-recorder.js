// The first-click bench's recorder (bench/first-click.bench.ts), a script Playwright adds to every
// document before the page's own scripts (`addInitScript({ path })`). It runs in the browser, so it is
// checked with the DOM's types by bench/browser/tsconfig.json; the bench sets `window.__firstClickKind`
// (the role of the control it will press) in an init script of its own before this one.
/**
 * Runs in every document before the page's own scripts: notes first paint, the moment React takes over,
 * the first press and when the control did its job (checked every frame); a press that leaves the
 * document is carried to the next one in sessionStorage.
 */
(() => {
  /** @type {string} */
  const kind = /** @type {{ __firstClickKind?: string }} */ (/** @type {unknown} */ (window)).__firstClickKind ?? 'button';
  const now = () => performance.timeOrigin + performance.now();
  /** @type {import('./first-click-recorded').Recorded} */
  const state = { fcp: null, hydratedAt: null, pressAt: null, shownAt: null, doneAt: null, outcome: null, arrived: null };
  /** @type {{ __firstClick?: unknown }} */ (/** @type {unknown} */ (window)).__firstClick = state;
  const carried = sessionStorage.getItem('__firstClick');
  if (carried) {
    sessionStorage.removeItem('__firstClick');
    /** @type {{ pressAt: number }} */
    const from = JSON.parse(carried);
    state.arrived = { pressAt: from.pressAt, at: performance.timeOrigin, outcome: `navigated to ${location.pathname}${location.hash}` };
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') state.fcp = performance.timeOrigin + entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new MutationObserver(() => {
    if (state.hydratedAt === null && document.querySelector('#root[data-hydrated]')) state.hydratedAt = now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  const visibleDialog = () =>
    [...document.querySelectorAll('[role=dialog], [role=alertdialog], dialog[open]')].some((d) => d.getClientRects().length > 0);
  addEventListener(
    'click',
    (event) => {
      if (state.pressAt !== null) return;
      state.pressAt = now();
      const href = location.href;
      sessionStorage.setItem('__firstClick', JSON.stringify({ pressAt: state.pressAt }));
      const control = event.target instanceof Element ? event.target.closest('a, button, summary, label, [role], input') : null;
      const dialogBefore = visibleDialog();
      const expandedBefore = control?.getAttribute('aria-expanded');
      const pressedBefore = control?.getAttribute('aria-pressed');
      const detailsBefore = control?.closest('details')?.open;
      // The label on screen: a button may keep each of its labels in the page, the others hidden ('Sharing...').
      const shownLabel = () => (control instanceof HTMLElement ? control.innerText : control?.textContent);
      const labelBefore = shownLabel();
      const input = control instanceof HTMLInputElement ? control : control instanceof HTMLLabelElement ? control.control : null;
      // The click event comes after the browser has already turned a radio or checkbox over: its state before the press is the other one.
      const checkedBefore = input instanceof HTMLInputElement && /^(radio|checkbox)$/.test(input.type) ? !input.checked : null;
      const alerts = () =>
        // A toast (sonner's) is said too: its list is a live region, the toast itself has no role.
        [...document.querySelectorAll('[role=alert], [role=status], [data-sonner-toast]')]
          // Only what is on screen: a message may wait in the page, hidden, until it applies.
          .filter((alert) => alert.checkVisibility())
          .map((alert) => (alert.textContent ?? '').trim())
          .filter(Boolean)
          .join('\n');
      const alertsBefore = alerts();
      /** @type {Element | null} */
      let focusedAfterPress = null;
      // The focus the press itself gives (the control, or the input a label stands for) is not an answer.
      setTimeout(() => (focusedAfterPress = document.activeElement));
      // The images on screen: a slider that has every image in the page shows another by hiding the one shown.
      const images = () =>
        [...document.images]
          .filter((image) => image.checkVisibility())
          .map((image) => image.getAttribute('src'))
          .join('\n');
      const imagesBefore = images();
      // A link to the page it is on (the account link on /account) has nothing to do, unless the browser
      // loads the page again (then the next document reports it as a navigation).
      /** @param {string} href */
      const here = (href) => new URL(href, location.href).href.split('#')[0] === location.href.split('#')[0];
      if (
        kind === 'link' &&
        control?.matches('a[href]') &&
        control instanceof HTMLAnchorElement &&
        !new URL(control.href).hash &&
        here(control.href)
      ) {
        state.doneAt = state.pressAt;
        state.outcome = 'already on this page';
        return;
      }
      const check = () => {
        if (state.shownAt === null && control?.matches('[data-early-press]')) state.shownAt = now();
        const details = control?.closest('details');
        /** @type {string | null} */
        let outcome = null;
        if (location.href !== href) outcome = `navigated to ${location.pathname}${location.hash}`;
        else if (kind !== 'link' && !dialogBefore && visibleDialog()) outcome = 'opened a dialog';
        else if (control && control.getAttribute('aria-expanded') !== expandedBefore && expandedBefore !== null)
          outcome = `aria-expanded ${control.getAttribute('aria-expanded')}`;
        else if (control && control.getAttribute('aria-pressed') !== pressedBefore && pressedBefore !== null)
          outcome = `aria-pressed ${control.getAttribute('aria-pressed')}`;
        else if (details && details.open !== detailsBefore) outcome = details.open ? 'opened' : 'closed';
        // A toggle (the carousel's thumbnails) has done its job only when it is pressed: the carousel's own
        // timer shows other images too.
        else if (pressedBefore !== null && pressedBefore !== undefined) outcome = null;
        else if (input instanceof HTMLInputElement && checkedBefore !== null && input.checked !== checkedBefore)
          outcome = input.checked ? 'checked' : 'unchecked';
        else if (kind !== 'link' && images() !== imagesBefore) outcome = 'showed another image';
        else if (kind !== 'link' && alerts() !== alertsBefore && alerts()) outcome = `said "${alerts().split('\n').at(-1)?.slice(0, 60)}"`;
        else if (
          kind !== 'link' &&
          focusedAfterPress &&
          document.activeElement !== focusedAfterPress &&
          document.activeElement !== document.body
        )
          outcome = `moved focus to ${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? document.activeElement?.tagName}`;
        // A button that gives way to a form (Edit): gone, and the focus in the form that took its place.
        else if (kind !== 'link' && control && !control.isConnected && document.activeElement?.closest('form'))
          outcome = `opened a form, focus on ${document.activeElement.getAttribute('aria-label') ?? document.activeElement.id}`;
        else if (kind !== 'link' && control?.isConnected && shownLabel() !== labelBefore)
          outcome = `now reads "${(shownLabel() ?? '').trim()}"`;
        if (outcome) {
          state.doneAt = now();
          state.outcome = outcome;
          sessionStorage.removeItem('__firstClick');
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    },
    true,
  );
})();
