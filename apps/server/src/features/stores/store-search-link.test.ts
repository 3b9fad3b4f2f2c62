import { describe, expect, it } from 'vitest';
import { storeDirectory } from './store-directory';
import { storeSearchLink } from './store-search-link';

const withSearch = storeDirectory.filter((store) => store.searchUrl);

describe('store search links', () => {
  it.each(withSearch.map((store) => [store.id, store] as const))('%s: its template makes an https URL on its own host', (_id, store) => {
    const link = storeSearchLink(store, 'green velvet sofa');
    expect(link).not.toBeNull();
    const url = new URL(link!.url);
    expect(url.protocol).toBe('https:');
    expect(url.hostname.replace(/^www\./, '')).toBe(new URL(store.link).hostname.replace(/^www\./, ''));
    expect(link!.url).toContain('green%20velvet%20sofa');
    expect(link!.label).toBe(`Search ${store.name} for green velvet sofa`);
  });

  it.each([
    ['an ampersand and a hash', 'table & chairs #2'],
    ['quotes', `"cloud" sofa, 'boucle'`],
    ['non-Latin letters', 'диван бархатный 沙发 كنبة'],
    ['a slash, a question mark and a percent sign', 'rug 160/230 ? 100% wool'],
  ])('encodes %s: the query reads back as the item name, on the store’s host', (_case, item) => {
    for (const store of withSearch) {
      const link = storeSearchLink(store, item)!;
      const url = new URL(link.url);
      expect(url.hostname.replace(/^www\./, '')).toBe(new URL(store.link).hostname.replace(/^www\./, ''));
      const template = new URL(store.searchUrl!.replace('{query}', 'QUERY'));
      if (template.search.includes('QUERY')) {
        const [param] = [...template.searchParams].find(([, value]) => value === 'QUERY')!;
        expect(url.searchParams.get(param)).toBe(item);
        expect([...url.searchParams.keys()].sort()).toEqual([...template.searchParams.keys()].sort());
      } else {
        // In a path a slash would read as a new segment: it is sent as a space.
        expect(decodeURIComponent(url.pathname)).toBe(template.pathname.replace('QUERY', item.replace(/\//g, ' ')));
      }
      expect(url.hash).toBe('');
    }
  });

  it('refuses a template that would leave the store’s host or https', () => {
    const store = { name: 'Example', link: 'https://www.example.co.uk/' };
    expect(storeSearchLink({ ...store, searchUrl: 'https://evil.example.com/?q={query}' }, 'sofa')).toBeNull();
    expect(storeSearchLink({ ...store, searchUrl: 'http://www.example.co.uk/?q={query}' }, 'sofa')).toBeNull();
    expect(storeSearchLink({ ...store, searchUrl: 'https://www.example.co.uk@evil.example.com/?q={query}' }, 'sofa')).toBeNull();
    expect(storeSearchLink({ ...store, searchUrl: undefined }, 'sofa')).toBeNull();
    // An item cannot move the link to another host either: it is encoded into the query.
    expect(new URL(storeSearchLink({ ...store, searchUrl: 'https://www.example.co.uk/search/{query}' }, '@evil.com/x')!.url).hostname).toBe(
      'www.example.co.uk',
    );
  });

  it('covers at least one store per country', () => {
    const countries = new Set(withSearch.map((store) => store.country));
    expect([...countries].sort()).toEqual(['Australia', 'Canada', 'UK', 'USA']);
  });
});
