import { use, type ComponentType, type ReactPromise } from 'react';
import { matchRoutes } from 'react-router';
import { pageRoutes, type PageRoute } from './page-routes';

interface PageModule {
  Component: ComponentType;
}
interface LayoutModule {
  AppLayout: ComponentType;
}

/**
 * A promise with the status fields React's `use` reads (React sets them itself on promises it meets):
 * once settled, `use` returns its value at once instead of suspending for a tick.
 */
type Tracked<T> = ReactPromise<T>;

function tracked<T>(promise: Promise<T>): Tracked<T> {
  const result = Object.assign(promise, { status: 'pending' as const });
  promise.then(
    (value) => Object.assign(result, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(result, { status: 'rejected', reason }),
  );
  return result;
}

// Each page's module, a chunk of its own in the build; the pages' tests beside them are not pages.
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);
/** The names of the pages the build ships (`routes/<name>.tsx`). */
export const pageModuleNames = Object.keys(pageModules).map((file) => file.replace(/^\.\/routes\/(.*)\.tsx$/, '$1'));
const loading = new Map<string, Tracked<PageModule>>();
let layout: Tracked<LayoutModule> | undefined;

/** A page's module, loaded once (each page's code loads when it is first visited). */
function loadPage(name: string): Tracked<PageModule> {
  let promise = loading.get(name);
  if (!promise) {
    const load = pageModules[`./routes/${name}.tsx`];
    if (!load) throw new Error(`No page module routes/${name}.tsx`);
    promise = tracked(load());
    loading.set(name, promise);
  }
  return promise;
}

function loadLayout(): Tracked<LayoutModule> {
  layout ??= tracked(import('./app-layout'));
  return layout;
}

/** The page a URL path shows, ranked as <Routes> ranks them. */
export function pageFor(pathname: string): PageRoute | undefined {
  return matchRoutes(
    pageRoutes.map((route) => ({ path: route.path, route })),
    pathname,
  )?.[0]?.route.route;
}

/**
 * Loads the code of the page at `pathname` (and the layout it sits in), so that the first render has it
 * at hand: hydration then matches the HTML, and a client-rendered page replaces the app shell in one go.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const route = pageFor(pathname);
  if (!route) return;
  await Promise.all([loadPage(route.page), route.inLayout ? loadLayout() : undefined]);
}

/** Draws a page; until its code has loaded it suspends (a navigation keeps the previous page meanwhile). */
export function Page({ name }: { name: string }) {
  const { Component } = use(loadPage(name));
  return <Component />;
}

/** The app layout (header, footer) around the pages that sit in it (its <Outlet /> draws the page). */
export function Layout() {
  const { AppLayout } = use(loadLayout());
  return <AppLayout />;
}
