import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { preloadPage } from './app/pages';
import './index.css';

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

/**
 * The first page's code loads before React takes over the root. A page the server rendered (the public
 * pages, a shared design) is hydrated: React adopts its HTML. Any other page replaces the app shell
 * (the header the build put in index.html) in one go.
 */
void preloadPage(window.location.pathname).then(() => {
  const root = document.getElementById('root')!;
  if (root.hasAttribute('data-rendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
