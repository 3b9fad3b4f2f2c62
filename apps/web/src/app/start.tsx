import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes';
import { preloadPage } from './pages';

/**
 * React takes over the page, once the first page's code is loaded: a page the server rendered (the
 * public pages, a shared design) is hydrated, React adopting its HTML; any other page replaces the app
 * shell (the header the build put in index.html) in one go.
 */
export async function start(root: HTMLElement) {
  await preloadPage(window.location.pathname);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (root.hasAttribute('data-rendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
