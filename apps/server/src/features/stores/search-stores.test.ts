import { describe, expect, it } from 'vitest';
import { priceLabel, searchStores } from './search-stores';
import type { StoreEntry } from './store-directory';

const entry = (id: string, over: Partial<StoreEntry>): StoreEntry => ({
  id,
  name: id,
  country: 'UK',
  type: 'Specialist',
  priceTiers: ['$$ Mid-range'],
  categories: ['Lighting'],
  furnitureTypes: [],
  ourPickFor: [],
  comment: `Comment for ${id}, long enough.`,
  link: `https://www.${id}.example/`,
  ...over,
});

const directory: StoreEntry[] = [
  entry('Zeta', { priceTiers: ['$$ Mid-range'] }),
  entry('Alpha', { priceTiers: ['$$$ Premium', '$$$$ Luxury'] }),
  entry('Beta', { priceTiers: ['$$ Mid-range', '$$$ Premium'] }),
  entry('Budget', { priceTiers: ['$ Budget'], ourPickFor: ['Lighting'] }),
  entry('Luxe', { priceTiers: ['$$$$ Luxury'] }),
  entry('Cheap', { priceTiers: ['$ Budget'] }),
  entry('Overseas', { country: 'USA', priceTiers: ['$$ Mid-range'] }),
  entry('Rugs only', { categories: ['Rugs'] }),
  entry('Sofas', { categories: ['Furniture', 'Lighting'], furnitureTypes: ['Sofa'], priceTiers: ['$$ Mid-range'] }),
  entry('Beds', { categories: ['Furniture'], furnitureTypes: ['Bed Frame'], priceTiers: ['$$ Mid-range'], ourPickFor: ['Furniture'] }),
];

describe('searchStores', () => {
  it('ranks Our Picks first, then the closest price tier, then name; lists only stores within one tier', () => {
    const stores = searchStores(directory, { country: 'UK', priceRange: '$$$ Premium', selectedCategory: 'Lighting' });
    // Budget is an Our Pick but two tiers away; Cheap is two tiers away; Luxe is a neighbour.
    expect(stores.map((s) => s.id)).toEqual(['Alpha', 'Beta', 'Luxe', 'Sofas', 'Zeta']);
  });

  it('puts an Our Pick for the category ahead of exact price matches', () => {
    const stores = searchStores(directory, { country: 'UK', priceRange: '$$ Mid-range', selectedCategory: 'Lighting' });
    expect(stores.map((s) => s.id)).toEqual(['Budget', 'Beta', 'Sofas', 'Zeta', 'Alpha', 'Cheap']);
    expect(stores.map((s) => s.ourPicks)).toEqual([true, false, false, false, false, false]);
  });

  it('only lists stores of the country that sell the category', () => {
    const stores = searchStores(directory, { country: 'USA', priceRange: '$$ Mid-range', selectedCategory: 'Lighting' });
    expect(stores.map((s) => s.id)).toEqual(['Overseas']);
    expect(searchStores(directory, { country: 'Canada', priceRange: '$$ Mid-range', selectedCategory: 'Lighting' })).toEqual([]);
  });

  it('filters Furniture by furniture type when one is given, and marks Our Pick per category', () => {
    const sofas = searchStores(directory, {
      country: 'UK',
      priceRange: '$$ Mid-range',
      selectedCategory: 'Furniture',
      selectedSubCategory: 'Sofa',
    });
    expect(sofas.map((s) => s.id)).toEqual(['Sofas']);
    const all = searchStores(directory, { country: 'UK', priceRange: '$$ Mid-range', selectedCategory: 'Furniture' });
    expect(all.map((s) => [s.id, s.ourPicks])).toEqual([
      ['Beds', true],
      ['Sofas', false],
    ]);
  });

  it('ignores a furniture type for other categories', () => {
    const stores = searchStores(directory, {
      country: 'UK',
      priceRange: '$ Budget',
      selectedCategory: 'Lighting',
      selectedSubCategory: 'Bed Frame',
    });
    expect(stores.map((s) => s.id)).toEqual(['Budget', 'Cheap', 'Beta', 'Sofas', 'Zeta']);
  });

  it("answers the contract's Store shape with a display price", () => {
    const [alpha] = searchStores(directory, { country: 'UK', priceRange: '$$$$ Luxury', selectedCategory: 'Lighting' });
    expect(alpha).toEqual({
      id: 'Alpha',
      name: 'Alpha',
      type: 'Specialist',
      price: '$$$–$$$$',
      comments: 'Comment for Alpha, long enough.',
      ourPicks: false,
      link: 'https://www.Alpha.example/',
      searchUrl: null,
      searchLabel: null,
    });
  });
});

describe('priceLabel', () => {
  it('shows a single tier or the cheapest–dearest range', () => {
    expect(priceLabel(['$$ Mid-range'])).toBe('$$');
    expect(priceLabel(['$ Budget', '$$ Mid-range', '$$$ Premium'])).toBe('$–$$$');
  });
});
