import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { Store } from '@rv/contracts/api/creation';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, refuse, type SentCall } from '@test/fake-server';
import { standInLocalStorage } from '@test/local-storage';
import { renderWithProviders } from '@test/render';
import { ShopDialog } from './shop-dialog';

const sofa: ShoppableItem = {
  name: 'green velvet sofa',
  category: 'Furniture',
  furnitureType: 'Sofa',
  colour: 'green',
  material: 'velvet',
};
const rug: ShoppableItem = { name: 'jute rug', category: 'Rugs', furnitureType: null, colour: null, material: 'jute' };

function store(overrides: Partial<Store> = {}): Store {
  return {
    id: 'st1',
    name: 'Loft & Co',
    type: 'Online',
    price: '$$',
    comments: 'Fast delivery',
    ourPicks: false,
    link: 'https://loft.example.com',
    searchUrl: null,
    searchLabel: null,
    ...overrides,
  };
}

/** The store directory: answers stores for any complete search, each with a search link when an item is asked for. */
function serveStores(country: 'USA' | 'UK' | null = 'UK') {
  return fakeServer({
    storeCountry: { country },
    storeSearch: ({ query }: SentCall) => ({
      stores: [
        store({
          ourPicks: true,
          ...(query.item
            ? { searchUrl: `https://loft.example.com/search?q=${query.item}`, searchLabel: `Search Loft & Co for ${query.item}` }
            : {}),
        }),
        store({ id: 'st2', name: 'Budget Barn', price: '$' }),
      ],
    }),
  });
}

async function openShop(items: ShoppableItem[] = []) {
  renderWithProviders(<ShopDialog items={items} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Shop for These Items' }));
  const dialog = screen.getByRole('dialog', { name: 'Shop for These Items' });
  const select = (label: string) => within(dialog).getByLabelText<HTMLSelectElement>(label);
  const stores = () => within(dialog).getByRole('region', { name: 'Stores' });
  return { user, dialog, select, stores };
}

standInLocalStorage();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ShopDialog: the directory', () => {
  it('starts from the person’s country, and asks for the rest before searching', async () => {
    const server = serveStores('UK');
    const { select, stores } = await openShop();
    await waitFor(() => expect(select('Country').value).toBe('UK'));
    expect(select('Price range').value).toBe('');
    expect(select('Category').value).toBe('');
    expect(stores().textContent).toBe('Choose a country, price range and category to see stores.');
    expect(server.callsTo('storeSearch')).toEqual([]);
    expect(screen.getByText('No items were listed for this design. Type one below, or browse stores by category.')).toBeTruthy();
  });

  it('does not ask where the person is until the dialog is opened', () => {
    const server = serveStores();
    renderWithProviders(<ShopDialog />);
    expect(server.calls).toEqual([]);
  });

  it('lists the stores for a country, budget and category, Our Picks marked, each opening in a new tab', async () => {
    const server = serveStores('UK');
    const { user, select, stores } = await openShop();
    await waitFor(() => expect(select('Country').value).toBe('UK'));
    await user.selectOptions(select('Price range'), '$$ Mid-range');
    await user.selectOptions(select('Category'), 'Lighting');
    const list = await within(stores()).findByRole('list');
    const [picked, plain] = within(list).getAllByRole('listitem');
    expect(within(picked!).getByRole('heading').textContent).toBe('Loft & Co' + 'Our Pick');
    expect(within(plain!).queryByText('Our Pick')).toBeNull();
    expect(within(plain!).getByLabelText('Price $')).toBeTruthy();
    const visit = within(plain!).getByRole('link', { name: 'Visit Budget Barn (opens in a new tab)' });
    expect([visit.getAttribute('href'), visit.getAttribute('target'), visit.getAttribute('rel')]).toEqual([
      'https://loft.example.com',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(server.callsTo('storeSearch').map((sent) => sent.query)).toEqual([
      { country: 'UK', priceRange: '$$ Mid-range', selectedCategory: 'Lighting' },
    ]);
  });

  it('asks for a furniture type with Furniture only, and sends it only then', async () => {
    const server = serveStores('USA');
    const { user, select, dialog } = await openShop();
    await waitFor(() => expect(select('Country').value).toBe('USA'));
    expect(within(dialog).queryByLabelText('Furniture type')).toBeNull();
    await user.selectOptions(select('Price range'), '$ Budget');
    await user.selectOptions(select('Category'), 'Furniture');
    await user.selectOptions(select('Furniture type'), 'Bed Frame');
    await waitFor(() =>
      expect(server.callsTo('storeSearch').at(-1)!.query).toEqual({
        country: 'USA',
        priceRange: '$ Budget',
        selectedCategory: 'Furniture',
        selectedSubCategory: 'Bed Frame',
      }),
    );
    await user.selectOptions(select('Category'), 'Rugs');
    expect(within(dialog).queryByLabelText('Furniture type')).toBeNull();
    await waitFor(() =>
      expect(server.callsTo('storeSearch').at(-1)!.query).toEqual({ country: 'USA', priceRange: '$ Budget', selectedCategory: 'Rugs' }),
    );
  });

  it('remembers the country chosen, over where the person is, next time', async () => {
    serveStores('UK');
    const first = await openShop();
    await waitFor(() => expect(first.select('Country').value).toBe('UK'));
    await first.user.selectOptions(first.select('Country'), 'Australia');
    cleanup();
    serveStores('UK');
    const again = await openShop();
    expect(again.select('Country').value).toBe('Australia');
  });

  it('shows Finding stores... while searching, then the spec’s words when none match or the search fails', async () => {
    const answer = deferred<void>();
    fakeServer({
      storeCountry: { country: 'UK' },
      storeSearch: async ({ query }: SentCall) => {
        if (query.selectedCategory === 'Outdoor') return refuse(500, 'boom');
        await answer.promise;
        return { stores: [] };
      },
    });
    const { user, select, stores } = await openShop();
    await waitFor(() => expect(select('Country').value).toBe('UK'));
    await user.selectOptions(select('Price range'), '$$$$ Luxury');
    await user.selectOptions(select('Category'), 'Artwork');
    expect(stores().textContent).toBe('Finding stores...');
    expect(stores().getAttribute('aria-busy')).toBe('true');
    answer.resolve();
    await waitFor(() => expect(stores().textContent).toBe(messages.tools.noStores));
    await user.selectOptions(select('Category'), 'Outdoor');
    expect((await within(stores()).findByRole('alert')).textContent).toBe(messages.tools.fetchStoresFailed);
  });
});

describe('ShopDialog: the design’s items', () => {
  it('a pressed item searches its category at once, at a mid-range budget, with a link searching each store for it', async () => {
    const server = serveStores('UK');
    const { user, dialog, select, stores } = await openShop([sofa, rug]);
    await waitFor(() => expect(select('Country').value).toBe('UK'));
    const items = within(within(dialog).getByRole('region', { name: 'Items in this design' }));
    await user.click(items.getByRole('button', { name: 'green velvet sofa (Furniture)' }));
    expect(items.getByRole('button', { name: 'green velvet sofa (Furniture)' }).getAttribute('aria-pressed')).toBe('true');
    expect(items.getByRole('button', { name: 'jute rug (Rugs)' }).getAttribute('aria-pressed')).toBe('false');
    expect([select('Price range').value, select('Category').value, select('Furniture type').value]).toEqual([
      '$$ Mid-range',
      'Furniture',
      'Sofa',
    ]);
    const search = await within(stores()).findByRole('link', { name: 'Search Loft & Co for green velvet sofa (opens in a new tab)' });
    expect(search.getAttribute('href')).toBe('https://loft.example.com/search?q=green velvet sofa');
    expect(server.callsTo('storeSearch').at(-1)!.query).toEqual({
      country: 'UK',
      priceRange: '$$ Mid-range',
      selectedCategory: 'Furniture',
      selectedSubCategory: 'Sofa',
      item: 'green velvet sofa',
    });
  });

  it('keeps a budget already chosen when an item is pressed', async () => {
    serveStores('UK');
    const { user, select } = await openShop([rug]);
    await user.selectOptions(select('Price range'), '$$$ Premium');
    await user.click(screen.getByRole('button', { name: 'jute rug (Rugs)' }));
    expect([select('Price range').value, select('Category').value]).toEqual(['$$$ Premium', 'Rugs']);
  });

  it('an item typed is searched tidied up, in the chosen category or else Decor', async () => {
    const server = serveStores('UK');
    const { user, select, dialog } = await openShop();
    await waitFor(() => expect(select('Country').value).toBe('UK'));
    const find = within(dialog).getByRole('button', { name: 'Find stores' });
    expect(find.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Or type an item'), '  rattan   pendant light ');
    await user.click(find);
    expect(select('Category').value).toBe('Decor');
    await waitFor(() =>
      expect(server.callsTo('storeSearch').at(-1)!.query).toMatchObject({ selectedCategory: 'Decor', item: 'rattan pendant light' }),
    );
    await user.selectOptions(select('Category'), 'Lighting');
    await user.click(find);
    await waitFor(() =>
      expect(server.callsTo('storeSearch').at(-1)!.query).toMatchObject({ selectedCategory: 'Lighting', item: 'rattan pendant light' }),
    );
  });
});
