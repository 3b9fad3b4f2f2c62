import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCountryAnswer, storeSearchAnswer } from '@rv/contracts/api/creation';
import { users } from '../../db/schema';
import { signInNewUser } from '../../../test/fixtures';
import { createTestApp } from '../../../test/test-app';
import { hasGeoDatabase } from '../account/locate-ip';
import { storeCountryFor } from './store-country';

const geoDatabase = await hasGeoDatabase();

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

  it('lists the stores of the asked price tier only, Our Picks first, then by name, priced in the country’s currency', async () => {
    const stores = await search({ country: 'UK', priceRange: '$$$$ Luxury', selectedCategory: 'Wallpaper' });
    // Only $$$$ stores: the $$$ ones and the Our Pick for UK wallpaper (Graham & Brown, $$) are other tiers.
    expect(stores.map((s) => s.id)).toEqual(['cole-and-son-uk', 'de-gournay-uk', 'liberty-uk']);
    expect(stores.every((s) => !s.ourPicks && s.price.startsWith('£'))).toBe(true);

    const midRange = await search({ country: 'UK', priceRange: '$$ Mid-range', selectedCategory: 'Wallpaper' });
    expect(midRange[0]).toEqual({
      id: 'graham-and-brown-uk',
      name: 'Graham & Brown',
      type: 'Specialist',
      price: '££',
      comments: 'British wallpaper maker with a huge range of designs, murals and matching paint.',
      ourPicks: true,
      link: 'https://www.grahambrown.com/',
      searchUrl: null,
      searchLabel: null,
    });
    expect(midRange.slice(1).every((s) => !s.ourPicks)).toBe(true);
    expect(midRange.every((s) => !s.price.includes('$'))).toBe(true);
  });

  it('with an item, each store that has a search page gets a link searching it for the item, built on the server and encoded', async () => {
    const item = 'green velvet sofa & "cloud" #2 диван';
    const stores = await search({
      country: 'UK',
      priceRange: '$ Budget',
      selectedCategory: 'Furniture',
      selectedSubCategory: 'Sofa',
      item,
    });
    const ikea = stores.find((s) => s.id === 'ikea-uk')!;
    expect(ikea.searchLabel).toBe(`Search IKEA for ${item}`);
    const url = new URL(ikea.searchUrl!);
    expect(url.origin).toBe('https://www.ikea.com');
    expect(url.pathname).toBe('/gb/en/search/');
    expect(url.searchParams.get('q')).toBe(item);
    expect(url.hash).toBe('');
    // Stores without a search page keep their home page and no search link.
    const without = stores.find((s) => !s.searchUrl);
    if (without) expect(without.searchLabel).toBeNull();
    // Without an item nobody gets a search link.
    const plain = await search({ country: 'UK', priceRange: '$ Budget', selectedCategory: 'Furniture', selectedSubCategory: 'Sofa' });
    expect(plain.every((s) => s.searchUrl === null && s.searchLabel === null)).toBe(true);
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
    expect(ids).not.toContain('ikea-us'); // $-$$ only
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

describe('GET /api/stores/country', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.app.services.database.db;
  const countryFor = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stores/country', headers, remoteAddress });
    expect(res.statusCode).toBe(200);
    return storeCountryAnswer.parse(res.json()).country;
  };
  const withLocation = async (countryCode: string, country: string) => {
    const { id, cookie } = await signInNewUser(ctx.app, db());
    await db().update(users).set({ location: { country, countryCode } }).where(eq(users.id, id));
    return cookie;
  };

  it('starts from the profile location when the directory covers that country', async () => {
    expect(await countryFor({ cookie: await withLocation('GB', 'United Kingdom') })).toBe('UK');
    expect(await countryFor({ cookie: await withLocation('AU', 'Australia') })).toBe('Australia');
  });

  it('has no country for a profile elsewhere, or for a visitor from a local address', async () => {
    // The profile wins over the address: a user who says they are in France gets no store country.
    expect(await countryFor({ cookie: await withLocation('FR', 'France') }, '8.8.8.8')).toBeNull();
    expect(await countryFor({})).toBeNull();
  });

  it.skipIf(!geoDatabase)('falls back to the address, read from the packaged database', async () => {
    expect(await countryFor({}, '8.8.8.8')).toBe('USA');
    const { cookie } = await signInNewUser(ctx.app, db());
    expect(await countryFor({ cookie }, '8.8.8.8')).toBe('USA');
  });
});

describe('storeCountryFor', () => {
  it('maps the four ISO codes to the directory’s countries, and nothing else', () => {
    expect(['US', 'gb', 'CA', 'AU', 'FR', '', undefined].map((code) => storeCountryFor(code))).toEqual([
      'USA',
      'UK',
      'Canada',
      'Australia',
      null,
      null,
      null,
    ]);
  });
});
