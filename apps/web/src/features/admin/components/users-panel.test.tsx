import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminPage, adminUser } from '@test/admin-page';
import { fakeServer, refuse, type SentCall } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { UsersPanel } from './users-panel';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const robin = adminUser();
const sam = adminUser({
  id: 'u2',
  email: 'sam@example.com',
  name: '',
  transformationsUsed: 0,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  subscriptionStatus: 'canceled',
});

/** The users list as the server pages it: 45 users (3 pages), Robin and Sam on each; a search answers only the matches. */
function serveUsers() {
  return fakeServer({
    adminUsers: ({ query }: SentCall) => {
      if (query.q) return adminPage(query.q === 'sam' ? [sam] : []);
      const page = Number(query.page);
      return adminPage([robin, sam], { page, lastPage: 3, total: 45 });
    },
  });
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UsersPanel', () => {
  it('shows each user as a card with their credits, subscription and provider ids', async () => {
    serveUsers();
    renderWithProviders(<UsersPanel />);
    expect(screen.getByRole('status').textContent).toContain('Loading users...');
    const list = await screen.findByRole('list', { name: 'Users' });
    const [first, second] = within(list).getAllByRole('article');
    expect(within(first!).getByRole('heading', { name: 'robin@example.com' })).toBeTruthy();
    const details = (card: HTMLElement) =>
      Object.fromEntries(
        within(card)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    expect(details(first!)).toMatchObject({
      'Name:': 'Robin',
      'Credits used:': '3 / 20',
      'Subscription status:': 'active',
      'Customer ID:': 'cus_1',
      'Subscription ID:': 'sub_1',
    });
    // What is missing reads as a dash.
    expect(details(second!)).toMatchObject({
      'Name:': '-',
      'Customer ID:': '-',
      'Subscription ID:': '-',
      'Subscription status:': 'canceled',
    });
    // Credits can be reset only for someone who has used some.
    expect(within(first!).getByRole('button', { name: 'Reset credits of robin@example.com' })).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: /Reset credits/ })).toBeNull();
  });

  it('pages through the list with Previous and Next', async () => {
    const server = serveUsers();
    renderWithProviders(<UsersPanel />);
    const pager = await screen.findByRole('navigation', { name: 'Users pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Page 2 of 3')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Page 3 of 3')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(server.callsTo('adminUsers').map((sent) => sent.query.page)).toEqual(['1', '2', '3']);
  });

  it('searches by e-mail once typing pauses, from the first page, and says when nobody matches', async () => {
    const server = serveUsers();
    renderWithProviders(<UsersPanel />);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Users' });
    await user.type(screen.getByLabelText('Search by e-mail'), ' sam ');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Users' })).getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByRole('navigation', { name: 'Users pages' })).toBeNull();
    // One search for the whole word, trimmed, not one per key.
    expect(server.callsTo('adminUsers').map((sent) => sent.query)).toEqual([
      { page: '1', limit: '20' },
      { page: '1', limit: '20', q: 'sam' },
    ]);
    await user.clear(screen.getByLabelText('Search by e-mail'));
    await user.type(screen.getByLabelText('Search by e-mail'), 'nobody');
    expect(await screen.findByText('No users match "nobody".')).toBeTruthy();
  });

  it('says when there are no users at all', async () => {
    fakeServer({ adminUsers: adminPage([]) });
    renderWithProviders(<UsersPanel />);
    expect(await screen.findByText(messages.empty.noUsers)).toBeTruthy();
  });

  it('says the users could not be fetched, and Try again asks once more', async () => {
    let fail = true;
    const server = fakeServer({ adminUsers: () => (fail ? refuse(500, 'Database down') : adminPage([robin])) });
    renderWithProviders(<UsersPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.admin.fetchUsersFailed);
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'robin@example.com' })).toBeTruthy();
    expect(server.callsTo('adminUsers')).toHaveLength(2);
  });
});

describe('Reset credits', () => {
  it('asks first, and Cancel sends nothing', async () => {
    const server = serveUsers();
    renderWithProviders(<UsersPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset credits of robin@example.com' }));
    const dialog = screen.getByRole('dialog', { name: messages.admin.resetCreditsTitle });
    expect(dialog.textContent).toContain('This sets the used transformations of robin@example.com from 3 back to 0.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('resetUserCredits')).toEqual([]);
  });

  it('resets that user’s credits, says how many they have now, and reloads the list', async () => {
    let used = 3;
    const server = fakeServer({
      adminUsers: () => adminPage([adminUser({ transformationsUsed: used })]),
      resetUserCredits: () => {
        used = 0;
        return { user: { email: 'robin@example.com', creditsRemaining: 20 } };
      },
    });
    renderWithProviders(<UsersPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset credits of robin@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset Credits' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(messages.admin.creditsReset, {
        description: 'robin@example.com has 20 of 20 transformations available.',
      }),
    );
    expect(server.callsTo('resetUserCredits').map((sent) => sent.json)).toEqual([{ email: 'robin@example.com' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Reset credits of/ })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('0 / 20')).toBeTruthy();
  });

  it('a refused reset is told with the server’s reason, and the dialog stays open', async () => {
    fakeServer({ adminUsers: adminPage([robin]), resetUserCredits: () => refuse(404, 'User not found') });
    renderWithProviders(<UsersPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset credits of robin@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset Credits' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.admin.resetCreditsFailed, { description: 'User not found' }));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: messages.admin.resetCreditsTitle })).toBeTruthy();
  });
});
