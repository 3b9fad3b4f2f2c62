import type { SiteConfig } from '@rv/contracts/api/site';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { RenderQueryClient } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { preloadPage } from './app/pages';
import { queryKey } from './lib/api-client';
import type { PageData } from './lib/page-data';
import { setSiteConfig } from './lib/site-config';

/**
 * The server's renderer (built by `vite build --ssr` into dist/ssr, ADR 018): the same page tree the browser
 * hydrates (src/main.tsx), drawn for one URL with the operator's configuration and, for a shared design,
 * the answer the page opens with. The server renders the public pages once at start, and a results
 * page or a tool page when it is asked for (from the answer this visitor gets).
 */
export async function renderPage(url: string, site: SiteConfig, data: PageData = {}): Promise<string> {
  setSiteConfig(site);
  await preloadPage(new URL(url, 'http://localhost').pathname);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (data.designView) client.setQueryData(queryKey('designView', data.designView.id), data.designView.answer);
  if (data.toolAccess) client.setQueryData(queryKey('checkToolAccess'), data.toolAccess);
  const { prelude } = await prerender(
    <StrictMode>
      <RenderQueryClient value={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </RenderQueryClient>
    </StrictMode>,
    // A page that never finishes (a promise that never settles) fails instead of holding the request.
    { signal: AbortSignal.timeout(10_000) },
  );
  client.clear();
  return new Response(prelude).text();
}
