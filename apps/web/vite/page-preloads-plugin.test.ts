import { describe, expect, it } from 'vitest';
import { importersFirst } from './page-preloads-plugin';

/** Whether every chunk of `list` comes before each chunk it imports. */
const importersBeforeImports = (list: string[], imports: Record<string, string[]>) =>
  list.every((file, at) => (imports[file] ?? []).every((imported) => list.indexOf(imported) > at));

describe('a page’s scripts, each before the ones it imports', () => {
  // React's start and the page both import the framework; the page reaches it through a leaf of its own.
  const imports: Record<string, string[]> = {
    start: ['framework', 'runtime'],
    page: ['leaf', 'runtime'],
    leaf: ['framework', 'shared'],
    shared: ['runtime'],
  };
  const importsOf = (file: string) => imports[file] ?? [];

  it('lists every chunk the roots need, once, each before what it imports', () => {
    const list = importersFirst(['start', 'page'], importsOf);
    expect(list.toSorted()).toEqual(['framework', 'leaf', 'page', 'runtime', 'shared', 'start']);
    expect(importersBeforeImports(list, imports)).toBe(true);
  });

  it('puts a chunk met again under a later importer after that importer too', () => {
    // In the order first met (start, framework, runtime, page, leaf, shared), the framework comes before the
    // leaf that imports it: run from the end, the leaf's import would run the framework in its task.
    const list = importersFirst(['start', 'page'], importsOf);
    expect(list.indexOf('leaf')).toBeLessThan(list.indexOf('framework'));
  });
});
