import { accountRoutes } from './account-routes';
import { adminRoutes } from './admin-routes';
import { billingRoutes } from './billing-routes';
import { designRoutes } from './design-routes';
import type { routeTable } from '../route-table';
import { signInRoutes } from './sign-in-routes';
import { siteRoutes } from './site-routes';

/**
 * The catalogue of every API call (docs/product-rules.md#calls and the additions): one name per call. The server
 * registers its handlers from these entries and the web app calls them through one typed client.
 */
export const routes = {
  ...accountRoutes,
  ...adminRoutes,
  ...billingRoutes,
  ...designRoutes,
  ...signInRoutes,
  ...siteRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** The catalogue and the method-and-path table name the same calls (each entry takes its method and path from the table). */
type SameNames<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : never;
const _sameCalls: SameNames<Routes, typeof routeTable> = true;
