import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSearchAnswer } from '@rv/contracts/api/creation';
import { createTestApp } from '../../test/test-app';

// Through the real app: needs `await app.register(storeRoutes);` in buildApp (app.ts).
describe('GET /api/stores/search', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const search = async (query: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stores/search', query });
    expect(res.statusCode).toBe(200);
    return storeSearchAnswer.parse(res.json()).stores;
  };

  it('lists Our Picks first, then the exact price tier, then the neighbouring tier, each by name', async () => {
    const stores = await search({ country: 'UK', priceRange: '$$$$ Luxury', selectedCategory: 'Wallpaper' });
    expect(stores.map((s) => s.id)).toEqual([
      // $$$$ stores
      'cole-and-son-uk',
      'de-gournay-uk',
      'liberty-uk',
      // $$$ stores, one tier away
      'amazon-uk',
      'etsy-uk',
      'farrow-and-ball-uk',
      'john-lewis-uk',
      'wayfair-uk',
    ]);
    // The Our Pick for UK wallpaper (Graham & Brown, $$) is two tiers away, so it is not listed.
    expect(stores.every((s) => !s.ourPicks)).toBe(true);

    const budget = await search({ country: 'UK', priceRange: '$ Budget', selectedCategory: 'Wallpaper' });
    expect(budget[0]).toEqual({
      id: 'graham-and-brown-uk',
      name: 'Graham & Brown',
      type: 'Specialist',
      price: '$$',
      comments: 'British wallpaper maker with a huge range of designs, murals and matching paint.',
      ourPicks: true,
      link: 'https://www.grahambrown.com/',
    });
    expect(budget.slice(1).every((s) => !s.ourPicks)).toBe(true);
  });

  it('keeps to the country, and to the furniture type when one is given', async () => {
    const office = await search({
      country: 'USA',
      priceRange: '$$$$ Luxury',
      selectedCategory: 'Furniture',
      selectedSubCategory: 'Office',
    });
    const ids = office.map((s) => s.id);
    expect(ids).toContain('herman-miller-us');
    expect(ids).not.toContain('lovesac-us'); // sofas only
    expect(ids).not.toContain('ikea-us'); // two tiers away
    expect(ids.every((id) => id.endsWith('-us'))).toBe(true);

    const sofas = await search({
      country: 'Australia',
      priceRange: '$ Budget',
      selectedCategory: 'Furniture',
      selectedSubCategory: 'Sofa',
    });
    expect(sofas.map((s) => s.id)).toContain('fantastic-furniture-au');
    expect(sofas.every((s) => s.id.endsWith('-au'))).toBe(true);
  });

  it.each([
    ['a missing category', { country: 'UK', priceRange: '$ Budget' }, 'selectedCategory'],
    ['an unknown country', { country: 'France', priceRange: '$ Budget', selectedCategory: 'Rugs' }, 'country'],
    ['an unknown price range', { country: 'UK', priceRange: 'cheap', selectedCategory: 'Rugs' }, 'priceRange'],
    [
      'an unknown furniture type',
      { country: 'UK', priceRange: '$ Budget', selectedCategory: 'Furniture', selectedSubCategory: 'Lamp' },
      'selectedSubCategory',
    ],
  ])('refuses %s with 400, naming the field and the allowed values', async (_name, query, field) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stores/search', query });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.error).toMatch(/expected one of/);
    expect(body.issues[0].path).toBe(field);
  });
});
