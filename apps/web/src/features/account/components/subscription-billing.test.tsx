import type { UserProfile } from '@rv/contracts/api/account';
import { messages } from '@rv/contracts/messages';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionBilling } from './subscription-billing';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const profile: UserProfile = {
  name: 'Ada',
  email: 'ada@example.com',
  userAvatarStorageUrl: null,
  subscriptionStatus: 'active',
  stripeCustomerId: 'cus_1',
  stripeSubscriptionNextBillingDate: null,
  transformationsUsed: 3,
  transformationsLimit: 30,
  firebaseUUID: null,
  styleLens: null,
  styleSaveStatus: false,
  emailConfirmed: true,
  hasPassword: false,
};

/** POST /api/create-portal-session answers `body`; the page's navigation is kept instead of followed. */
function serve(body: object) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200 }));
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'http://localhost', assign });
  return assign;
}

async function pressManage() {
  render(
    <MemoryRouter>
      <SubscriptionBilling profile={profile} />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: /Manage Subscription/ }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Manage Subscription: the portal answers its address or why there is none', () => {
  it('goes to the portal the answer names', async () => {
    const assign = serve({ url: 'https://billing.example.com/p/1' });
    await pressManage();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example.com/p/1'));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("tells the spec's text for a portal that is not set up, and the general one otherwise", async () => {
    serve({ message: 'No configuration provided and your test mode default configuration has not been created.' });
    await pressManage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.account.subscriptionAccessFailed));
    cleanup();
    serve({ message: 'The billing portal is not activated.' });
    await pressManage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.account.portalNotActivated));
  });
});
