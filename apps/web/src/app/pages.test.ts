import { describe, expect, it } from 'vitest';
import { pageRoutes } from './page-routes';
import { pageModuleNames } from './pages';

describe('pages', () => {
  it('ships one module for each page a route draws, and no test file as a page', () => {
    const drawn = [...new Set(pageRoutes.map((route) => route.page))].sort();
    expect([...pageModuleNames].sort()).toEqual(drawn);
    expect(pageModuleNames.filter((name) => name.includes('.test'))).toEqual([]);
  });
});
