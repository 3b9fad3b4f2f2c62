import { describe, expect, it } from 'vitest';
import { RESULTS_PAGE_PATTERNS } from '@rv/contracts/pages';
import { routes } from '@rv/contracts/routes/routes';
import { pageRoutes } from './page-routes';

// page-routes.ts is also read by the Vite config (in Node, before any TypeScript loader), so it cannot
// import the contracts package; this test holds its results pages to the contracts' patterns instead.
describe('page routes', () => {
  it('draws the results pages at the contracts’ paths, waiting for the catalogue’s design call', () => {
    for (const pattern of Object.values(RESULTS_PAGE_PATTERNS)) {
      expect(pageRoutes.find((route) => route.path === pattern)).toMatchObject({ page: 'design-results', data: routes.designView.path });
    }
  });
});
