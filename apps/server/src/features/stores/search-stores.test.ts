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
  it('lists only stores whose price range covers the asked tier: Our Picks first, then name', () => {
    const stores = searchStores(directory, { country: 'UK', priceRange: '$$$ Premium', selectedCategory: 'Lighting' });
    // Budget (an Our Pick), Cheap, Zeta and Sofas sell other tiers only; Luxe is a neighbour, not a $$$ store.
    expect(stores.map((s) => s.id)).toEqual(['Alpha', 'Beta']);
  });

  it('puts an Our Pick for the category first when it sells in the asked tier', () => {
    const stores = searchStores(directory, { country: 'UK', priceRange: '$ Budget', selectedCategory: 'Lighting' });
    expect(stores.map((s) => s.id)).toEqual(['Budget', 'Cheap']);
    expect(stores.map((s) => s.ourPicks)).toEqual([true, false]);
  });

  it('never lists a store of another tier: $$ Mid-range shows no $ store and no $$$-$$$$ store', () => {
    const stores = searchStores(directory, { country: 'UK', priceRange: '$$ Mid-range', selectedCategory: 'Lighting' });
    expect(stores.map((s) => s.id)).toEqual(['Beta', 'Sofas', 'Zeta']);
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
    expect(stores.map((s) => s.id)).toEqual(['Budget', 'Cheap']);
  });

  it("answers the contract's Store shape with a display price", () => {
    const [alpha] = searchStores(directory, { country: 'UK', priceRange: '$$$$ Luxury', selectedCategory: 'Lighting' });
    expect(alpha).toEqual({
      id: 'Alpha',
      name: 'Alpha',
      type: 'Specialist',
      price: '£££–££££',
      comments: 'Comment for Alpha, long enough.',
      ourPicks: false,
      link: 'https://www.Alpha.example/',
      searchUrl: null,
      searchLabel: null,
    });
  });
});

describe('priceLabel', () => {
  it("shows a single tier or the cheapest–dearest range, in the country's currency", () => {
    expect(priceLabel(['$$ Mid-range'], 'UK')).toBe('££');
    expect(priceLabel(['$ Budget', '$$ Mid-range', '$$$ Premium'], 'UK')).toBe('£–£££');
    expect(priceLabel(['$ Budget', '$$ Mid-range'], 'USA')).toBe('$–$$');
    expect(priceLabel(['$$$$ Luxury'], 'Australia')).toBe('$$$$');
  });
});
