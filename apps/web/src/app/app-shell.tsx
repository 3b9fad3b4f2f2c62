import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SiteHeader } from '@/components/layout/site-header';

/**
 * The first paint of every page, written into index.html by the build (vite/app-shell-plugin.ts): the
 * site header as a visitor sees it before the scripts have run. The app replaces it with the live page.
 */
export function renderAppShell(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SiteHeader />
    </MemoryRouter>,
  );
}
