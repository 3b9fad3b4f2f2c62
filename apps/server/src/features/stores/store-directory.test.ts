import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FURNITURE_TYPES, PRICE_RANGES, STORE_CATEGORIES, STORE_COUNTRIES } from '@rv/contracts/constants';
import { searchStores } from './search-stores';
import { loadStoreDirectory, storeDirectory, storeDirectorySchema, type StoreEntry } from './store-directory';

const valid: StoreEntry = {
  id: 'example-store-uk',
  name: 'Example',
  country: 'UK',
  type: 'Specialist',
  priceTiers: ['$ Budget', '$$ Mid-range'],
  categories: ['Furniture', 'Rugs'],
  furnitureTypes: ['Sofa'],
  ourPickFor: ['Rugs'],
  comment: 'A short comment on what it is good for.',
  link: 'https://www.example.co.uk/',
};

describe('store directory schema', () => {
  it('accepts a well-formed entry', () => {
    expect(storeDirectorySchema.safeParse([valid]).success).toBe(true);
  });

  it.each([
    ['an id that is not kebab-case', { id: 'Example Store' }],
    ['a country outside the four', { country: 'France' }],
    ['an unknown price tier', { priceTiers: ['$ Cheap'] }],
    ['price tiers with a gap', { priceTiers: ['$ Budget', '$$$ Premium'] }],
    ['price tiers out of order', { priceTiers: ['$$ Mid-range', '$ Budget'] }],
    ['an unknown category', { categories: ['Furniture', 'Plants'] }],
    ['Furniture without furniture types', { furnitureTypes: [] }],
    ['furniture types without Furniture', { categories: ['Rugs'] }],
    ['Our Pick for a category it does not sell', { ourPickFor: ['Lighting'] }],
    ['an http link', { link: 'http://www.example.co.uk/' }],
    ['a link that is not a URL', { link: 'www.example.co.uk' }],
  ])('refuses %s', (_name, change) => {
    expect(storeDirectorySchema.safeParse([{ ...valid, ...change }]).success).toBe(false);
  });

  it('refuses duplicate ids', () => {
    expect(storeDirectorySchema.safeParse([valid, { ...valid, name: 'Other' }]).success).toBe(false);
  });

  it('refuses a bad file at load time', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rv-stores-')), 'bad.json');
    writeFileSync(file, JSON.stringify([{ ...valid, link: 'http://x.test/' }]));
    expect(() => loadStoreDirectory(pathToFileURL(file))).toThrow(/https/);
  });
});

describe('the reviewed store directory (store-directory.json)', () => {
  it('passes the schema, with unique kebab-case ids and https links', () => {
    expect(storeDirectory.length).toBeGreaterThan(0);
    expect(new Set(storeDirectory.map((s) => s.id)).size).toBe(storeDirectory.length);
    for (const entry of storeDirectory) expect(new URL(entry.link).protocol).toBe('https:');
  });

  it('links to home pages only (no deep links)', () => {
    for (const entry of storeDirectory) {
      const { pathname, search, hash } = new URL(entry.link);
      expect(search + hash, entry.id).toBe('');
      // At most a locale prefix such as /uk/ or /us/en/.
      expect(pathname, entry.id).toMatch(/^\/(?:[a-z]{2}\/(?:[a-z]{2}\/)?)?$/);
    }
  });

  const combinations = STORE_COUNTRIES.flatMap((country) =>
    STORE_CATEGORIES.flatMap((selectedCategory) => PRICE_RANGES.map((priceRange) => ({ country, selectedCategory, priceRange }))),
  );

  it('lists at least one store for every country × category × price tier', () => {
    const empty = combinations.filter((query) => searchStores(storeDirectory, query).length < 1);
    expect(empty).toEqual([]);
  });

  it('has every furniture type in every country, in every price tier', () => {
    const missing = STORE_COUNTRIES.flatMap((country) =>
      FURNITURE_TYPES.flatMap((selectedSubCategory) =>
        PRICE_RANGES.map((priceRange) => ({ country, selectedCategory: 'Furniture' as const, selectedSubCategory, priceRange })),
      ),
    ).filter((query) => searchStores(storeDirectory, query).length < 1);
    expect(missing).toEqual([]);
  });

  it('has at least one Our Pick for every category in every country', () => {
    const missing = STORE_COUNTRIES.flatMap((country) => STORE_CATEGORIES.map((category) => ({ country, category }))).filter(
      ({ country, category }) => !storeDirectory.some((s) => s.country === country && s.ourPickFor.includes(category)),
    );
    expect(missing).toEqual([]);
  });
});
