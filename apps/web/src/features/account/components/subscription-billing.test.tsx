import { PLAN } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { userProfile } from '@test/user-profile';
import { SubscriptionBilling } from './subscription-billing';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const renderBilling = (profile = userProfile()) => {
  renderWithProviders(<SubscriptionBilling profile={profile} />);
  return screen.getByRole('region', { name: 'Subscription & Billing' });
};
const manage = (section: HTMLElement) => within(section).getByRole('button', { name: /Manage Subscription|Opening/ });

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SubscriptionBilling', () => {
  it('shows the status, the plan, the next billing date and the month’s usage', () => {
    const nextBilling = '2026-04-15T12:00:00.000Z';
    const section = renderBilling(userProfile({ stripeSubscriptionNextBillingDate: nextBilling, transformationsUsed: 5 }));
    expect(within(section).getByTestId('subscription-status').textContent).toBe('active');
    expect(section.textContent).toContain(PLAN.name);
    // In the test's browser's American English (happy-dom's navigator.language).
    expect(within(section).getByTestId('next-billing-date').textContent).toBe('April 15th, 2026');
    expect(within(section).getByTestId('usage-text').textContent).toBe('5 / 20 transformations');
    const usage = within(section).getByRole('progressbar', { name: 'Monthly usage' });
    expect(usage.getAttribute('aria-valuetext')).toBe('5 of 20 used');
    expect(within(section).getByText('15 left this month')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Furnishing & Decorating' }).getAttribute('href')).toBe(paths.furnishing);
    expect(within(section).getByRole('link', { name: 'Kitchen & Bathroom' }).getAttribute('href')).toBe(paths.kitchenBathroom);
  });

  it('reads an unpaid status in words, an unscheduled billing and a used-up month as none left', () => {
    const section = renderBilling(
      userProfile({
        subscriptionStatus: 'past_due',
        transformationsUsed: 25,
        transformationsLimit: 20,
        stripeSubscriptionNextBillingDate: null,
      }),
    );
    expect(within(section).getByTestId('subscription-status').textContent).toBe('past due');
    expect(within(section).getByTestId('next-billing-date').textContent).toBe('Not scheduled');
    expect(within(section).getByText('0 left this month')).toBeTruthy();
    cleanup();
    // No status recorded reads as active (docs/product-rules.md#account-page).
    expect(within(renderBilling(userProfile({ subscriptionStatus: '' }))).getByTestId('subscription-status').textContent).toBe('active');
  });

  it('Manage Subscription opens the billing portal, coming back to the account', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const opened = deferred<void>();
    const server = fakeServer({
      createPortalSession: async () => {
        await opened.promise;
        return { url: 'https://billing.example.com/session/1' };
      },
    });
    const section = renderBilling();
    await userEvent.setup().click(manage(section));
    expect(manage(section).textContent).toContain('Opening...');
    expect(manage(section).hasAttribute('disabled')).toBe(true);
    opened.resolve();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example.com/session/1'));
    expect(server.callsTo('createPortalSession')[0]!.json).toEqual({
      customerId: 'cus_1',
      returnUrl: new URL(paths.account, window.location.origin).toString(),
    });
  });

  it('without a billing account says the subscription cannot be reached, asking the server nothing', async () => {
    const server = fakeServer({});
    const section = renderBilling(userProfile({ stripeCustomerId: null }));
    await userEvent.setup().click(manage(section));
    expect(toast.error).toHaveBeenCalledWith(messages.account.subscriptionAccessFailed);
    expect(server.calls).toEqual([]);
  });

  it('tells why the portal did not open, in the spec’s words, and lets the person try again', async () => {
    const cases: [Parameters<typeof fakeServer>[0]['createPortalSession'], string][] = [
      [{ message: 'The billing portal is not activated' }, messages.account.portalNotActivated],
      [{ message: 'No billing account yet' }, messages.account.subscriptionAccessFailed],
      [() => refuse(400, 'Billing portal not activated in test mode'), messages.account.portalNotActivated],
      [() => refuse(502, 'The payment service is down'), messages.account.portalOpenFailed],
    ];
    for (const [answer, told] of cases) {
      vi.clearAllMocks();
      fakeServer({ createPortalSession: answer });
      const section = renderBilling();
      await userEvent.setup().click(manage(section));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(told));
      expect(manage(section).hasAttribute('disabled')).toBe(false);
      cleanup();
    }
  });
});
