import { Route, Routes } from 'react-router';
import { pageRoutes } from './page-routes';
import { Layout, Page } from './pages';
import { Root } from './root';

/**
 * Every page, from page-routes.ts: the same tree in the browser (BrowserRouter, src/main.tsx) and when the
 * server renders a public page (StaticRouter, src/entry-server.tsx), so hydration finds the same markup.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        {pageRoutes
          .filter((route) => !route.inLayout)
          .map((route) => (
            <Route key={route.path} path={route.path} element={<Page name={route.page} />} />
          ))}
        <Route element={<Layout />}>
          {pageRoutes
            .filter((route) => route.inLayout)
            .map((route) => (
              <Route key={route.path} path={route.path} element={<Page name={route.page} />} />
            ))}
        </Route>
      </Route>
    </Routes>
  );
}
