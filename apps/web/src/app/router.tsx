import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { pageRoutes } from './page-routes';
import { Root, RootError } from './root';

type PageModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;
const pageModules = import.meta.glob<PageModule>('./routes/*.tsx');

function pageRoute(path: string, name: string): RouteObject {
  const load = pageModules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No page module routes/${name}.tsx`);
  return { path, lazy: load };
}

/** Routes are lazy: each page's code loads when it is first visited (see page-routes.ts). */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RootError />,
    children: [
      ...pageRoutes.filter((route) => !route.inLayout).map((route) => pageRoute(route.path, route.page)),
      {
        lazy: async () => ({ Component: (await import('./app-layout')).AppLayout }),
        children: pageRoutes.filter((route) => route.inLayout).map((route) => pageRoute(route.path, route.page)),
      },
    ],
  },
]);
