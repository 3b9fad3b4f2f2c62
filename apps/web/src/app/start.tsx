import { PRESS } from '@rv/contracts/press';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes';
import { preloadPage } from './pages';

/**
 * React takes over the page, once the first page's code is loaded: a page the server rendered (the
 * public pages, a shared design) is hydrated, React adopting its HTML, once `ready` says so (after a
 * yield to the browser, or at once when a press is waiting: ADR 020, 038), as a transition, so that the work yields to the
 * browser between components; any other page replaces the app shell (the header the build put in
 * index.html) in one go. `ready` is asked once the page's code is there.
 */
export async function start(root: HTMLElement, ready?: () => Promise<void>) {
  await preloadPage(window.location.pathname);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (root.hasAttribute(PRESS.rendered)) {
    await ready?.();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
}
